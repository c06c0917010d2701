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
import { rmSync } from 'node:fs';
import os from 'node:os';
import { createUser } from '../test/helpers/factories';
import { largePhotoJpeg } from '../test/helpers/pictures';
import { testConfig } from '../test/helpers/test-config';
import { onScratchDatabase, openBenchDatabase, serveApp } from './bench-app';
import { fillPets } from './fill-pets';
import { loadGet, percentile } from './measure';

const PETS = Number(process.env.BENCH_PETS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const LIST = '/api/pets?adopted=false';

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

async function run(kind: 'pglite' | 'postgres', url?: string) {
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const env = {
    IMAGE_UPLOAD_RATE_LIMIT_MAX: '1000000',
    IMAGE_QUEUE_MAX: String(UPLOADS),
    ...(url ? { DATABASE_URL: url } : {}),
  };
  const bounded = testConfig(env);
  const wide = testConfig({ ...env, IMAGE_CONCURRENCY: String(UPLOADS) });
  const database = await openBenchDatabase(url);
  try {
    await database.migrate();
    const fillMs = await fillPets(database, PETS);
    const photo = await largePhotoJpeg();
    const { token } = await createUser(database.db, { name: 'Bench Uploader' });
    console.log(
      `\n${kind}: ${PETS.toLocaleString('en')} pets inserted in ${fillMs} ms; upload: ` +
        `6000 x 5000 JPEG, ${Math.round(photo.length / 1024)} KB`,
    );

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
      const { deps, base, close } = await serveApp(config, database);
      const check = await fetch(`${base}${LIST}`);
      if (check.status !== 200) throw new Error(`${LIST} answered ${check.status}`);
      await check.arrayBuffer();
      // Warm-up, not counted: the first seconds of a fresh app are slower (JIT, caches).
      if (rows.length === 0) await measureList(`${base}${LIST}`, 2);
      const finish = uploading ? startUploads(base, token, photo) : null;
      const list = await measureList(`${base}${LIST}`);
      const uploads = finish ? await finish() : null;
      if (uploading) {
        if (deps.imageQueue.active !== 0) throw new Error('uploads still running');
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
      await close();
    }
    console.log(
      `GET ${LIST}, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ` +
        `${os.availableParallelism()} CPUs, load average before the run: ${loadBefore}`,
    );
    console.table(rows);
  } finally {
    await database.close();
    for (const config of [bounded, wide]) rmSync(config.dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (url) await onScratchDatabase(url, (scratch) => run('postgres', scratch));
  else await run('pglite');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
