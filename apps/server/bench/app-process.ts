/**
 * The app as the benchmarks run it: the built server in a process of its own, started as
 * `npm start` starts it, and what that process holds in memory.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

/**
 * How `npm start` runs the built server (the root package.json: `npm run build && node <flags>
 * apps/server/dist/main.js`), as arguments for this Node: the app runs with the flags it runs with
 * there (decision 025).
 */
export function startArgs(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = manifest.scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  if (node !== 'node') throw new Error(`Unexpected start script: ${manifest.scripts.start}`);
  return args.map((arg) => (arg.startsWith('-') ? arg : path.join(REPO_ROOT, arg)));
}

/** A TCP port free on the loopback interface now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resident memory of process `pid` in MiB from /proc: now (VmRSS) and its peak so far (VmHWM). */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

/**
 * CPU time process `pid` has used so far (user and system, every thread), in milliseconds, from
 * /proc (clock ticks of 10 ms on Linux).
 */
export function cpuMsOf(pid: number): number {
  // the fields after the command's closing parenthesis; utime and stime are the 12th and 13th
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU milliseconds used so far by each PostgreSQL process on this machine (the server's backends,
 * its writers and autovacuum), by pid; read twice, the difference over the pids in both is what
 * the server spent between (a process that started or ended in between is left out).
 */
export function postgresCpuMs(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes(' (postgres) ')) continue;
      const fields = stat.split(') ').at(-1)!.split(' ');
      used.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // ended while read
    }
  }
  return used;
}

/** CPU milliseconds PostgreSQL's processes spent since `before` (from `postgresCpuMs`). */
export function postgresCpuSince(before: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of postgresCpuMs()) {
    const was = before.get(pid);
    if (was !== undefined) spent += ms - was;
  }
  return spent;
}

/** Samples the process's VmRSS every 50 ms until stopped; answers the highest sample. */
export function sampleRss(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, memoryOf(pid).rss);
  };
}

export interface ChildServer {
  pid: number;
  base: string;
  stop: () => Promise<void>;
}

/**
 * Node running `args` with `env` (and PORT, HOST) in a process of its own, its output dropped but
 * its errors shown; answers once `readyPath` answers 200.
 */
export async function startServer(
  args: string[],
  env: Record<string, string | undefined>,
  readyPath: string,
): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const ready = await Promise.race([
      exited.then((code) => {
        throw new Error(`${args.at(-1)} exited with code ${code}`);
      }),
      fetch(`${base}${readyPath}`).then(
        (res) => res.status === 200,
        () => false,
      ),
    ]);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid!,
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
