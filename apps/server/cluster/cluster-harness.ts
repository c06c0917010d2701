import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { repoRoot } from '../src/paths';
import { freePort, startArgs } from '../bench/app-process';
import { partitionableProxy } from '../test/helpers/partition-proxy';
import { startRedisPeer, type RedisPeer } from '../test/helpers/redis-peer';
import { startS3Peer, type S3Peer } from '../test/helpers/s3-peer';
import { TEST_AUTH_SECRET } from '../test/helpers/test-config';

/**
 * A site of two server processes, as deploy/ describes it, on this machine's loopback: a scratch
 * PostgreSQL database, a Redis and an S3-compatible store of its own, the built server
 * (apps/server/dist/main.js, as `npm start` runs it) twice, and HAProxy in front with
 * deploy/haproxy.cfg (only its addresses changed, and a header naming the process that answered).
 */
export interface Cluster {
  /** HAProxy's address: where users' requests go. */
  url: string;
  apps: AppProcess[];
  redis: RedisPeer;
  s3: S3Peer;
  /** The site's database, for checking what was written (reached directly). */
  database: DatabaseHandle;
  /**
   * The processes' link to PostgreSQL, when started `partitionable`: it can fall silent like a
   * network partition and heal again.
   */
  databaseLink: { silence(): void; heal(): void } | null;
  close(): Promise<void>;
}

export interface AppProcess {
  name: string;
  /** The process's own address (bypassing HAProxy). */
  url: string;
  /** Its log lines (JSON), as written so far. */
  logs: string[];
  running(): boolean;
  /** Sends `signal` and waits for the process to exit; answers its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts it again (after stop) and waits until it is ready. */
  start(): Promise<void>;
}

const HAPROXY = '/usr/sbin/haproxy';
const SERVER = path.join(repoRoot, 'apps/server/dist/main.js');

/** Polls `check` until it holds (every 50 ms), failing after `timeoutMs`. */
export async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until HAProxy at `url` sends requests to both processes: four /api/ready in a row all
 * answer 200, from two different processes.
 */
export const untilBothInRotation = (url: string, timeoutMs: number, what: string) =>
  until(
    async () => {
      const served = new Set<string | null>();
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${url}/api/ready`);
        if (res.status !== 200) return false;
        served.add(res.headers.get('x-served-by'));
      }
      return served.size === 2;
    },
    timeoutMs,
    what,
  );

const readyAt = async (url: string) => (await fetch(`${url}/api/ready`)).status === 200;

export async function startCluster(
  env: Record<string, string> = {},
  options: { keepLogs?: boolean; partitionable?: boolean } = {},
): Promise<Cluster> {
  const keepLogs = options.keepLogs ?? true;
  for (const [file, hint] of [
    [SERVER, 'npm run build'],
    [HAPROXY, 'apt-get install haproxy (as .ci/run does)'],
  ]) {
    if (!existsSync(file!)) throw new Error(`${file} is missing: ${hint}`);
  }
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  try {
    // a scratch database, dropped at the end
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `ph_cluster_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;

    // the processes reach PostgreSQL through a proxy that can fall silent, when asked for
    let databaseLink: Cluster['databaseLink'] = null;
    let appDatabaseUrl = databaseUrl.toString();
    if (options.partitionable) {
      const proxy = await partitionableProxy(databaseUrl);
      cleanups.push(() => proxy.close());
      databaseLink = proxy;
      const viaProxy = new URL(databaseUrl);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      appDatabaseUrl = viaProxy.toString();
    }

    const redis = await startRedisPeer();
    cleanups.push(() => redis.close());
    const s3 = await startS3Peer();
    cleanups.push(() => s3.close());

    const lbPort = await freePort();
    const url = `http://127.0.0.1:${lbPort}`;
    const ports = [await freePort(), await freePort()];
    const work = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-cluster-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));

    const appEnv = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      TRUST_PROXY: 'true',
      DATABASE_URL: appDatabaseUrl,
      ...redis.env,
      ...s3.env,
      AUTH_SECRET: TEST_AUTH_SECRET,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_SECONDS: '3',
      IMAGE_UPLOAD_RATE_LIMIT_MAX: '1000',
      ...env,
    };
    const apps = ports.map((port, i) =>
      appProcess(
        `app${i + 1}`,
        port,
        { ...appEnv, PORT: String(port), DATA_DIR: path.join(work, `app${i + 1}`) },
        keepLogs,
      ),
    );
    cleanups.push(() => Promise.all(apps.map((a) => a.stop('SIGKILL'))));
    // both at once, as a deployment starts them: they take turns on the migrations
    await Promise.all(apps.map((a) => a.start()));

    // deploy/haproxy.cfg with this run's addresses
    const config = readFileSync(path.join(repoRoot, 'deploy/haproxy.cfg'), 'utf8')
      .replace('bind 127.0.0.1:8080', `bind 127.0.0.1:${lbPort}`)
      .replace('server app1 127.0.0.1:3001', `server app1 127.0.0.1:${ports[0]}`)
      .replace('server app2 127.0.0.1:3002', `server app2 127.0.0.1:${ports[1]}`)
      .replace(/log stdout format raw local0 notice\n/, '')
      .replace(
        'default_backend pet_haven',
        'default_backend pet_haven\n    http-response set-header X-Served-By %[srv_name]',
      );
    const configFile = path.join(work, 'haproxy.cfg');
    writeFileSync(configFile, config);
    const haproxy = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: 'ignore' });
    const orphaned = () => haproxy.kill('SIGKILL');
    process.once('exit', orphaned);
    haproxy.once('exit', () => process.off('exit', orphaned));
    cleanups.push(async () => {
      if (haproxy.exitCode === null) {
        haproxy.kill('SIGKILL');
        await once(haproxy, 'exit');
      }
    });
    await untilBothInRotation(url, 15_000, 'HAProxy to send requests to both processes');

    const database = await openDatabase({
      kind: 'postgres',
      url: databaseUrl.toString(),
      poolSize: 4,
    });
    cleanups.push(() => database.close());
    return { url, apps, redis, s3, database, databaseLink, close: cleanUp };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

/** `keepLogs` false: the process's log goes nowhere (benchmarks: no parsing beside the load). */
function appProcess(
  name: string,
  port: number,
  env: Record<string, string>,
  keepLogs: boolean,
): AppProcess {
  let child: ChildProcess | null = null;
  const logs: string[] = [];
  const url = `http://127.0.0.1:${port}`;
  const self: AppProcess = {
    name,
    url,
    logs,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async start() {
      // as `npm start` runs it (its Node flags), without npm
      const started = spawn(process.execPath, startArgs(), {
        env,
        stdio: ['ignore', keepLogs ? 'pipe' : 'ignore', 'pipe'],
      });
      // not left running when the test process ends without its clean-up (a timeout, Ctrl+C)
      const orphaned = () => started.kill('SIGKILL');
      process.once('exit', orphaned);
      started.once('exit', () => process.off('exit', orphaned));
      child = started;
      let rest = '';
      const collect = (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        logs.push(...lines);
      };
      started.stdout?.on('data', collect);
      started.stderr?.on('data', collect);
      await until(
        async () => started.exitCode !== null || (await readyAt(url)),
        60_000,
        `${name} to be ready`,
      );
      if (started.exitCode !== null) {
        throw new Error(`${name} exited (${started.exitCode}):\n${logs.slice(-20).join('\n')}`);
      }
    },
    async stop(signal = 'SIGTERM') {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) {
        return running?.exitCode ?? null;
      }
      running.kill(signal);
      const [code] = (await once(running, 'exit')) as [number | null];
      return code;
    },
  };
  return self;
}
