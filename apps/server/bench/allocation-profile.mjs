/**
 * Loaded into a server with `--import` (`BENCH_ALLOC_PROF=<dir>` of bench/lists.bench.ts): V8's
 * sampling heap profiler runs from the process's start, counting the objects the collector has
 * freed as well (where each byte was allocated, not only what is still alive, which is all that
 * `--heap-prof` keeps), and the profile is written into ALLOC_PROF_DIR as the process exits, as
 * `<pid>.heapprofile` (Chrome's DevTools, Memory tab, reads it).
 */
import { mkdirSync, writeFileSync, writeSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.ALLOC_PROF_DIR;
if (dir) {
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  session.post('HeapProfiler.enable');
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  // The session answers on this thread at once, so the profile is written before the exit ends.
  // What goes wrong is written to stderr at once: thrown here, it would be lost with the process.
  process.on('exit', () => {
    session.post('HeapProfiler.stopSampling', (err, answer) => {
      try {
        if (err) throw err;
        const file = path.join(dir, `${process.pid}.heapprofile`);
        writeFileSync(file, JSON.stringify(answer.profile));
      } catch (failure) {
        writeSync(2, `allocation profile of ${process.pid} not written: ${String(failure)}\n`);
      }
    });
  });
}
