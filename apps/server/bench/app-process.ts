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
  const stat = statOf(pid);
  if (!stat) throw new Error(`No process ${pid}`);
  // utime and stime, the 14th and 15th fields
  return (Number(stat.fields[11]) + Number(stat.fields[12])) * 10;
}

/** A process's name and the fields of its /proc/<pid>/stat after the name, or null if gone. */
function statOf(pid: number): { name: string; fields: string[] } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the name is in parentheses and may itself hold spaces and parentheses
    const close = stat.lastIndexOf(')');
    return {
      name: stat.slice(stat.indexOf('(') + 1, close),
      fields: stat.slice(close + 2).split(' '),
    };
  } catch {
    return null;
  }
}

/**
 * The pid of the postmaster of the PostgreSQL server a connection's backend (`backendPid`, from
 * `pg_backend_pid()`) belongs to, or null when that server's processes are not found on this
 * machine (another machine, a container's own pids).
 */
export function postmasterOf(backendPid: number): number | null {
  const backend = statOf(backendPid);
  if (backend?.name !== 'postgres') return null;
  const parent = Number(backend.fields[1]);
  return statOf(parent)?.name === 'postgres' ? parent : null;
}

/**
 * CPU milliseconds (user and system) a PostgreSQL server on this machine has used so far: its
 * postmaster's own, its running processes' (backends, writers, autovacuum workers), and its ended
 * processes' (the postmaster waits for each, and the kernel adds their time to its children's).
 * Two readings' difference is what the whole server spent between them, for every database,
 * processes that started or ended in between included (one that ends while the reading is taken
 * can be missed or counted twice).
 */
export function postgresCpuMs(postmaster: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === postmaster) continue;
    const child = statOf(Number(entry));
    // the 4th field is the parent's pid; utime and stime the 14th and 15th
    if (child?.fields[1] === String(postmaster)) {
      ticks += Number(child.fields[11]) + Number(child.fields[12]);
    }
  }
  const own = statOf(postmaster);
  if (own?.name !== 'postgres') throw new Error(`No PostgreSQL postmaster at pid ${postmaster}`);
  // its own utime and stime, and its ended children's (cutime, cstime: the 16th and 17th)
  for (const field of own.fields.slice(11, 15)) ticks += Number(field);
  return ticks * 10;
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
