import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types: its constructor, run() and close() are used here
import S3rver from 's3rver';

export interface S3Peer {
  /** The S3_* settings that point the app at this server's bucket. */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  /** Stops answering (the port closes); `start()` serves the same bucket on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (the `s3rver` package) on a free loopback port, in the test
 * process, with one empty bucket in a temporary folder: the app talks S3 to it as it would to
 * MinIO or AWS (path-style, any key pair).
 */
export async function startS3Peer(bucket = 'pet-haven-test'): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-s3-'));
  const serve = async (port: number) => {
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { s3rver, address: (await s3rver.run()) as AddressInfo };
  };
  let { s3rver: server, address } = await serve(0);
  let running = true;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (running) {
        // connections kept alive by clients are cut too, as when a store goes away
        const closing = server.close();
        (server as { httpServer: Server }).httpServer.closeAllConnections();
        await closing;
      }
      running = false;
    },
    async start() {
      if (running) return;
      ({ s3rver: server, address } = await serve(address.port));
      running = true;
    },
    async close() {
      if (running) await server.close();
      running = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
