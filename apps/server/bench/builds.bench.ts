/**
 * Two or more builds of the server side by side, alternated in one run: for each request and
 * number of connections, each build in turn (the order swapped every round) answers it for a few
 * seconds, and the run prints per build the median, over the rounds, of its process's CPU time per
 * request answered (user and system, from /proc) and of its requests a second. On a shared
 * machine whose speed drifts from minute to minute, a change's cost shows here when one sample
 * per line (bench:lists) cannot tell it from the drift.
 *
 *   npm run build                      # this code, in apps/server/dist
 *   git worktree add /tmp/before <rev>   # the code before, built there (npm run build)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npm run bench:builds -- /tmp/before/apps/server/dist dist 'dist@--single-threaded-gc'
 *   (folders relative to apps/server)
 *   BENCH_ROUNDS=5 BENCH_SECONDS=3 BENCH_CONNECTIONS=10,64 BENCH_PETS=1000 BENCH_CAMPAIGNS=1000
 *   BENCH_URLS=/api/pets?limit=24,/api/donation-campaigns ...
 *
 * The flags of this checkout's `npm start` (decision 054's `--max-semi-space-size=32` among them)
 * are every build's; a build's own come after them and win (`dist@--max-semi-space-size=16`: Node's
 * default young generation under a 1 GB heap).
 *
 * A build is a folder holding the built main.js (apps/server/dist of a checkout, which finds its
 * migrations and web build from there), started as `npm start` starts it, with any Node flags or
 * environment variables after `@` (`dist@--some-flag@LOG_LEVEL=warn`). All of them serve one
 * scratch database (created and dropped by the run), filled in this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { cpuMsOf, startArgs, startServer, type ChildServer } from './app-process';
import { onScratchDatabase } from './bench-app';
import { fillCampaigns } from './fill-campaigns';
import { fillPets } from './fill-pets';
import { loadGet, median, turnOrder } from './measure';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,64').split(',').map(Number);
const PETS = Number(process.env.BENCH_PETS ?? 1000);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 1000);
const URLS = (
  process.env.BENCH_URLS ??
  '/api/pets?adopted=false&limit=24,/api/pets?adopted=false&limit=24&search=luna,/api/donation-campaigns'
).split(',');

interface Build {
  label: string;
  main: string;
  flags: string[];
  env: Record<string, string>;
}

function buildOf(spec: string): Build {
  const [dir, ...extras] = spec.split('@');
  return {
    label: spec,
    main: path.resolve(dir!, 'main.js'),
    flags: extras.filter((e) => e.startsWith('-')),
    // NAME=value, the value kept whole (it may hold '=')
    env: Object.fromEntries(
      extras
        .filter((e) => !e.startsWith('-'))
        .map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]),
    ),
  };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const builds = process.argv.slice(2).map(buildOf);
  if (!databaseUrl || builds.length < 2) {
    console.error('Usage: DATABASE_URL=postgres://... npm run bench:builds -- <dist> <dist> ...');
    process.exit(2);
  }
  // `npm start`'s flags, its main.js replaced by each build's
  const startFlags = startArgs().filter((arg) => arg.startsWith('-'));
  await onScratchDatabase(databaseUrl, async (scratch) => {
    const database = await openDatabase({ kind: 'postgres', url: scratch, poolSize: 2 });
    try {
      await database.migrate();
      await fillPets(database, PETS);
      await fillCampaigns(database, CAMPAIGNS);
    } finally {
      await database.close();
    }
    const dataDirs: string[] = [];
    const servers: ChildServer[] = [];
    try {
      for (const build of builds) {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-builds-'));
        dataDirs.push(dataDir);
        servers.push(
          await startServer(
            [...startFlags, ...build.flags, build.main],
            { DATA_DIR: dataDir, DEMO_DATA: 'false', DATABASE_URL: scratch, ...build.env },
            '/api/pets?limit=1',
          ),
        );
      }
      // every build warms up (its JIT, PostgreSQL's plans) on every request first
      for (const server of servers) {
        for (const url of URLS) await loadGet(`${server.base}${url}`, 10, 1);
      }
      const lines = URLS.flatMap((url) => CONNECTIONS.map((connections) => ({ url, connections })));
      const cpu = lines.map(() => builds.map((): number[] => []));
      const rps = lines.map(() => builds.map((): number[] => []));
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [l, { url, connections }] of lines.entries()) {
          for (const b of turnOrder(servers.length, round)) {
            const server = servers[b]!;
            const before = cpuMsOf(server.pid);
            const run = await loadGet(`${server.base}${url}`, connections, SECONDS);
            cpu[l]![b]!.push((cpuMsOf(server.pid) - before) / Math.max(1, run.times.length));
            rps[l]![b]!.push(run.rps);
          }
        }
      }
      console.log(
        `\n${builds.length} builds alternated, ${ROUNDS} rounds of ${SECONDS} s per line, ${PETS} pets, ${CAMPAIGNS} campaigns, ${os.cpus().length} CPUs, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}; medians over the rounds`,
      );
      console.table(
        lines.flatMap(({ url, connections }, l) =>
          builds.map((build, b) => ({
            request: url,
            conns: connections,
            build: build.label,
            'CPU ms/req': median(cpu[l]![b]!).toFixed(3),
            'req/s': median(rps[l]![b]!),
            'CPU ms/req by round': cpu[l]![b]!.map((v) => v.toFixed(2)).join(' '),
          })),
        ),
      );
    } finally {
      for (const server of servers) await server.stop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
