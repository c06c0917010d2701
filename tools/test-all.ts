/**
 * `npm test`: every check of the repository (Prettier's formatting included), as many at a time as
 * the machine has CPUs (TEST_PARALLEL=1 runs them one by one). Each check is a single-threaded tool or a Vitest run on
 * one worker, so two of them keep two cores busy. The browser tests run last and alone (their two
 * Playwright workers use both cores; started beside the end of the server tests they slowed them
 * down more than they gained, 411 -> 422 s; the server tests in two Vitest shards gained nothing,
 * 151 -> 148 s for this phase, as each shard sets up its own database and imports). A job's output
 * is printed in one piece when it ends; a summary with each job's time closes the run. Every job
 * runs even when another fails (the summary names all failures), except the browser tests, which
 * need everything else green.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

interface Job {
  name: string;
  command: string;
  /** Jobs that must have passed first. */
  after?: string[];
}

/** In order of start: the longest chain first (the build, then the server tests that read it). */
const jobs: Job[] = [
  { name: 'build', command: 'npm run build' },
  { name: 'server tests', command: 'npm run test -w @pet-haven/server', after: ['build'] },
  { name: 'bundle budget', command: 'npm run check:bundle -w @pet-haven/web', after: ['build'] },
  { name: 'web tests', command: 'npm run test -w @pet-haven/web' },
  { name: 'typecheck server', command: 'npm run typecheck:server' },
  { name: 'typecheck web', command: 'npm run typecheck:web' },
  { name: 'lint', command: 'npm run lint' },
  { name: 'format', command: 'npm run format:check' },
  {
    name: 'typecheck shared, tools',
    command: 'npm run typecheck:shared && npm run typecheck:tools',
  },
  { name: 'ESLint rule tests', command: 'npm run test:lint-rules' },
  { name: 'shared tests', command: 'npm run test -w @pet-haven/shared' },
];
jobs.push({
  name: 'browser tests',
  command: 'npm run test:e2e -w @pet-haven/web',
  after: jobs.map((j) => j.name),
});

type Outcome = 'passed' | 'failed' | 'skipped';

const parallel = Math.max(
  1,
  Number(process.env.TEST_PARALLEL) || (os.availableParallelism?.() ?? os.cpus().length),
);
const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();
const outcomes = new Map<string, { outcome: Outcome; seconds: number }>();
const running = new Set<string>();
const seconds = (since: number) => (performance.now() - since) / 1000;

function run(job: Job): Promise<void> {
  running.add(job.name);
  const since = performance.now();
  console.log(`▶ ${job.name}: ${job.command}`);
  return new Promise((resolve) => {
    const child = spawn(job.command, {
      cwd: root,
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // keep colours when the run itself is on a terminal
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const outcome: Outcome = code === 0 ? 'passed' : 'failed';
      const took = seconds(since);
      outcomes.set(job.name, { outcome, seconds: took });
      running.delete(job.name);
      process.stdout.write(`\n──── ${job.name} (${job.command}) ────\n`);
      process.stdout.write(Buffer.concat(output));
      console.log(
        `${outcome === 'passed' ? '✔' : '✘'} ${job.name} ${outcome} in ${took.toFixed(0)} s\n`,
      );
      resolve();
    });
  });
}

/** The next job that may start now, or why none may. */
function next(): Job | 'wait' | 'none' {
  let waiting = false;
  const did = (name: string) => outcomes.get(name)?.outcome;
  for (const job of jobs) {
    if (outcomes.has(job.name) || running.has(job.name)) continue;
    const needs = job.after ?? [];
    const missed = needs.filter((n) => did(n) === 'failed' || did(n) === 'skipped');
    if (missed.length > 0) {
      outcomes.set(job.name, { outcome: 'skipped', seconds: 0 });
      console.log(`- ${job.name} skipped (${missed.join(', ')} did not pass)`);
      continue;
    }
    if (needs.every((n) => did(n) === 'passed')) return job;
    waiting = true;
  }
  return waiting || running.size > 0 ? 'wait' : 'none';
}

await new Promise<void>((done) => {
  const fill = () => {
    for (;;) {
      if (running.size >= parallel) return;
      const job = next();
      if (job === 'none') return done();
      if (job === 'wait') return;
      void run(job).then(fill);
    }
  };
  fill();
});

console.log(`npm test: ${parallel} at a time, ${seconds(started).toFixed(0)} s in all`);
for (const job of jobs) {
  const { outcome, seconds: took } = outcomes.get(job.name) ?? { outcome: 'skipped', seconds: 0 };
  const mark = outcome === 'passed' ? '✔' : outcome === 'failed' ? '✘' : '-';
  console.log(
    `  ${mark} ${job.name.padEnd(26)} ${outcome.padEnd(8)} ${took.toFixed(0).padStart(5)} s`,
  );
}
process.exitCode = [...outcomes.values()].some((o) => o.outcome !== 'passed') ? 1 : 0;
