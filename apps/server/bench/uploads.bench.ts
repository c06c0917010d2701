/**
 * GET /api/pets latency alone, then while ten large uploads are being processed, side by side in
 * one run, through the real app on a loopback port (autocannon for the list; ten upload loops,
 * each sending a 30-megapixel JPEG again as soon as the previous one is answered).
 *
 *   npm run bench:uploads                                  # embedded PGlite, in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:uploads
 *       # PostgreSQL instead, in a scratch database created and dropped by the run
 *   BENCH_SECONDS=8 BENCH_CONNECTIONS=10 BENCH_PETS=100000 BENCH_UPLOADS=10 npm run bench:uploads
 *
 * Scenarios: the list alone; with the uploads at this machine's IMAGE_CONCURRENCY (the default);
 * with IMAGE_CONCURRENCY=BENCH_UPLOADS (every upload decoded at once, as before the processing
 * queue: only libuv's four threads bounded it); alone again (to see the drift of a shared machine).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadGet, percentile } from './measure';
import pg from 'pg';
import sharp from 'sharp';
import { createApp } from '../src/app';
import { issueAccessToken } from '../src/auth/token';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { session, user } from '../src/db/schema/index';
import { createLogger } from '../src/lib/logger';
import { imageProcessingQueueOf } from '../src/modules/images/images.service';
import { fillPets } from './fill-pets';

const PETS = Number(process.env.BENCH_PETS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const SECRET = 'bench-secret-bench-secret-bench-secret-123';
const LIST = '/api/pets?adopted=false';

/** A photo-like 30-megapixel JPEG (gradients and a fine pattern), about 0.6 MB. */
async function largePhoto() {
  const [w, h] = [6000, 5000];
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      raw[i] = (x * 255) / w;
      raw[i + 1] = (y * 255) / h;
      raw[i + 2] = (x ^ y) & 255;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function uploaderToken(database: DatabaseHandle) {
  const id = randomUUID();
  const email = `uploader-${id.slice(0, 8)}@example.com`;
  await database.db
    .insert(user)
    .values({ id, email, name: 'Bench Uploader', emailVerified: false });
  const sid = randomUUID();
  await database.db.insert(session).values({
    id: sid,
    userId: id,
    token: randomUUID(),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return (await issueAccessToken({ sub: id, sid, email }, SECRET)).token;
}

async function measureList(url: string, seconds = SECONDS) {
  const { rps, times, errors } = await loadGet(url, CONNECTIONS, seconds);
  return {
    rps,
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    p99: Math.round(percentile(times, 99)),
    max: Math.round(times[times.length - 1] ?? NaN),
    errors,
  };
}

/** UPLOADS loops, each uploading `photo` again as soon as the previous upload is answered. */
function startUploads(base: string, token: string, photo: Buffer) {
  let stop = false;
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const loop = async () => {
    while (!stop) {
      const fd = new FormData();
      fd.append('image', new Blob([new Uint8Array(photo)]), 'photo.jpg');
      const began = performance.now();
      const res = await fetch(`${base}/api/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: fd,
      });
      await res.arrayBuffer();
      times.push(performance.now() - began);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  const loops = Array.from({ length: UPLOADS }, loop);
  return async () => {
    stop = true;
    await Promise.all(loops);
    times.sort((a, b) => a - b);
    return { done: times.length, p50: Math.round(percentile(times, 50)), statuses };
  };
}

async function listen(app: ReturnType<typeof createApp>) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function run(kind: 'pglite' | 'postgres', url?: string) {
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-'));
  const env = {
    NODE_ENV: 'test',
    AUTH_SECRET: SECRET,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    IMAGE_UPLOAD_RATE_LIMIT_MAX: '1000000',
    IMAGE_QUEUE_MAX: String(UPLOADS),
    ...(url ? { DATABASE_URL: url } : {}),
  };
  const bounded = loadConfig(env);
  const wide = loadConfig({ ...env, IMAGE_CONCURRENCY: String(UPLOADS) });
  const database =
    kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: url!, poolSize: 10 })
      : await openDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    const fillMs = await fillPets(database, PETS);
    const photo = await largePhoto();
    const token = await uploaderToken(database);
    console.log(
      `\n${kind}: ${PETS.toLocaleString('en')} pets inserted in ${fillMs} ms; upload: ` +
        `6000 x 5000 JPEG, ${Math.round(photo.length / 1024)} KB`,
    );

    const logger = createLogger('silent');
    const rows: Record<string, string | number>[] = [];
    for (const [scenario, config, uploading] of [
      ['alone', bounded, false],
      [
        `${UPLOADS} uploads, IMAGE_CONCURRENCY=${bounded.imageProcessing.concurrency} (default)`,
        bounded,
        true,
      ],
      [`${UPLOADS} uploads, IMAGE_CONCURRENCY=${UPLOADS} (unbounded)`, wide, true],
      ['alone, again', bounded, false],
    ] as const) {
      const { server, base } = await listen(createApp({ config, database, logger }));
      const check = await fetch(`${base}${LIST}`);
      if (check.status !== 200) throw new Error(`${LIST} answered ${check.status}`);
      await check.arrayBuffer();
      // Warm-up, not counted: the first seconds of a fresh app are slower (JIT, caches).
      if (rows.length === 0) await measureList(`${base}${LIST}`, 2);
      const finish = uploading ? startUploads(base, token, photo) : null;
      const list = await measureList(`${base}${LIST}`);
      const uploads = finish ? await finish() : null;
      if (uploading) {
        const queue = imageProcessingQueueOf({ config });
        if (queue.active !== 0) throw new Error('uploads still running');
      }
      rows.push({
        scenario,
        'req/s': list.rps,
        'p50 ms': list.p50,
        'p95 ms': list.p95,
        'p99 ms': list.p99,
        'max ms': list.max,
        errors: list.errors,
        'uploads done': uploads?.done ?? '',
        'upload p50 ms': uploads?.p50 ?? '',
        'upload statuses': uploads ? JSON.stringify(uploads.statuses) : '',
      });
      await new Promise((resolve) => server.close(resolve));
    }
    console.log(
      `GET ${LIST}, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ` +
        `${os.availableParallelism()} CPUs, load average before the run: ${loadBefore}`,
    );
    console.table(rows);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    await run('pglite');
    return;
  }
  const name = `pethaven_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    await run('postgres', scratch.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
