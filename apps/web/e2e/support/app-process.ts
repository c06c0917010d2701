import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { REPO_ROOT } from './paths';

/**
 * The app as a process of its own, as `npm start` runs it: the built server
 * (`node apps/server/dist/main.js`, decision 025), for the e2e stacks (global-setup.ts) and
 * `npm run bench:web` (scripts/bench-web.ts).
 */

/**
 * How `npm start` runs the built server (the root package.json: `npm run build && node <flags>
 * apps/server/dist/main.js`), as arguments for this Node: the app runs with the flags it runs with
 * there (decision 025).
 */
function startArgs(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = manifest.scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  if (node !== 'node') throw new Error(`Unexpected start script: ${manifest.scripts.start}`);
  return args.map((arg) => (arg.startsWith('-') ? arg : path.join(REPO_ROOT, arg)));
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Settings a developer's .env could fill in: empty (empty means unset) unless given. */
const UNSET_UNLESS_GIVEN = [
  'DATABASE_URL',
  'AUTH_SECRET',
  'TRUSTED_ORIGINS',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GITHUB_CLIENT_ID',
  'GITHUB_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
];

/** Stops a child we started (its process group when detached), waiting for it to exit. */
export async function stopChild(child: ChildProcess, group = false) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (group) process.kill(-child.pid!, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the app with `settings` over this process's environment, its output into `log`. */
export function startAppProcess(settings: Record<string, string>, log: Writable) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(UNSET_UNLESS_GIVEN.map((k) => [k, ''])),
    ...settings,
  };
  const args = startArgs();
  if (!existsSync(args.at(-1)!)) {
    throw new Error(`No built server (${args.at(-1)}): run \`npm run build\` first.`);
  }
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return { child, stop: () => stopChild(child) };
}

/** Polls the app's readiness URL (bounded), failing at once if the server process exits. */
export async function waitForReady(
  url: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}; see ${logFile}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server was not ready after ${timeoutMs} ms (${lastError}); see ${logFile}`);
}
