/**
 * The public pet list through HAProxy with two app processes and with one, on PostgreSQL, Redis
 * and an S3-compatible store (issue 15), beside one process reached directly (no balancer) in the
 * same run: the site of cluster/cluster-harness.ts (deploy/haproxy.cfg, the built server).
 *
 *   npm run build
 *   npm run bench:cluster -w @pet-haven/server
 *   BENCH_PETS=100000 BENCH_SECONDS=8 BENCH_CONNECTIONS=10,64 ...
 *
 * The load generator (autocannon) runs in this process, on the same two cores as the servers,
 * PostgreSQL and HAProxy: the figures say what a process costs here, not what a second machine
 * would add.
 */
import os from 'node:os';
import { startCluster } from '../cluster/cluster-harness';
import { fillPets } from './fill-pets';
import { loadGet, percentile } from './measure';

const PETS = Number(process.env.BENCH_PETS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,64').split(',').map(Number);
// the public list's first pages and a category, as visitors open them
const PATHS = [
  '/api/pets?adopted=false&limit=24',
  '/api/pets?adopted=false&limit=24&page=2',
  '/api/pets?adopted=false&limit=24&category=cat',
] as const;

const cluster = await startCluster({ LOG_LEVEL: 'info' }, { keepLogs: false });
try {
  const filledMs = await fillPets(cluster.database, PETS);
  console.log(
    `${PETS} pets in ${filledMs} ms; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const [app1, app2] = cluster.apps as [(typeof cluster.apps)[0], (typeof cluster.apps)[0]];
  const rows: string[][] = [];
  const run = async (label: string, url: string, connections: number) => {
    await loadGet(url, connections, 2, PATHS); // warm-up
    const { rps, times, errors } = await loadGet(url, connections, SECONDS, PATHS);
    rows.push([
      label,
      String(connections),
      String(rps),
      percentile(times, 50).toFixed(1),
      percentile(times, 99).toFixed(1),
      String(errors),
    ]);
    console.log(rows.at(-1)!.join('\t'));
  };
  for (const connections of CONNECTIONS) {
    await run('one process, direct', app1.url, connections);
    await run('HAProxy, two processes', cluster.url, connections);
  }
  // one process left behind HAProxy: app2 drains out of rotation and stops
  await app2.stop('SIGTERM');
  for (const connections of CONNECTIONS) {
    await run('HAProxy, one process', cluster.url, connections);
  }
  console.log('\n| Setup | Connections | Requests/s | p50 ms | p99 ms | Errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(
    `\nLoad average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${os.cpus().length} CPUs`,
  );
} finally {
  await cluster.close();
}
