import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { freePort } from '../../bench/app-process';

export interface RedisPeer {
  /** redis://127.0.0.1:<port>/0 */
  url: string;
  /** A key prefix of this peer's own, as REDIS_PREFIX. */
  prefix: string;
  /** REDIS_URL and REDIS_PREFIX that point an app at this peer. */
  env: Record<string, string>;
  /** Stops the server (the port closes); `start()` runs it again on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const REDIS_SERVER = '/usr/bin/redis-server';

/** Answers once a PING on the port gets PONG (polled: the server starts in milliseconds). */
const pong = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });

/**
 * A real Redis (Debian's redis-server, which .ci/run installs) of the test's own, on a free
 * loopback port, keeping nothing on disk: the app speaks the Redis protocol to it as to any Redis.
 */
export async function startRedisPeer(): Promise<RedisPeer> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`${REDIS_SERVER} is missing: apt-get install redis-server (as .ci/run does)`);
  }
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    const started = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    // not left running when the test process ends without its clean-up
    const orphaned = () => started.kill('SIGKILL');
    process.once('exit', orphaned);
    started.once('exit', () => process.off('exit', orphaned));
    for (let i = 0; i < 500; i++) {
      if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode})`);
      if (await pong(port)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('redis-server did not start');
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGKILL');
    await once(running, 'exit');
  };
  await start();
  const url = `redis://127.0.0.1:${port}/0`;
  const prefix = `test-${process.pid}-${port}:`;
  return {
    url,
    prefix,
    env: { REDIS_URL: url, REDIS_PREFIX: prefix },
    stop,
    start,
    close: stop,
  };
}
