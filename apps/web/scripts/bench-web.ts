/**
 * `npm run bench:web` (issue 11): mobile Lighthouse on the public pages, server rendering on and
 * off, side by side in one run on one build.
 *
 * 1. Builds the server into apps/server/dist and the web app (client and server entry, as
 *    `npm run build` does) into a temporary folder, so a rebuild of apps/web/dist by someone else
 *    during the run cannot change what is measured.
 * 2. Starts the app twice (`node apps/server/dist/main.js`, NODE_ENV=production with
 *    demo data, each with a fresh DATA_DIR, on free 127.0.0.1 ports): "SSR on" serves the build
 *    with its server entry beside it (`<dist>-server`, render.ts), "SSR off" serves a copy of the
 *    same client build without it, so every page is the client shell (render.ts logs why).
 * 3. Picks the first pet and the first campaign each app lists (its API), checks that one app
 *    answers rendered HTML and the other the empty shell, then runs Lighthouse (mobile, default
 *    simulated throttling, Debian's Chromium, one browser, a new tab per run) on `/`, `/petlist`,
 *    `/pets/{id}`, `/donation`, `/donation-details/{id}`: BENCH_WEB_RUNS runs (default 3) of each
 *    page in each mode, interleaved (run by run, page by page, the mode order alternating).
 * 4. Prints a Markdown report (each figure the median of the runs, per metric) on stdout; progress
 *    goes to stderr. Stops both apps and the browser and removes the temporary folder, also on
 *    failure or Ctrl-C.
 *
 * Environment: BENCH_WEB_RUNS (default 3), BENCH_WEB_DIST (skip the build: a folder holding a
 * client build, with its server build in `<folder>-server`), CHROMIUM_PATH (/usr/bin/chromium).
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import lighthouse from 'lighthouse';
import { freePort, startAppProcess, stopChild, waitForReady } from '../e2e/support/app-process';

const WEB_DIR = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(WEB_DIR, '../..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;
/** The targets. */
const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcp: 2000,
  tbt: 150,
  cls: 0.02,
};

const execFileAsync = promisify(execFile);
const log = (msg: string) => process.stderr.write(`[bench:web ${clock()}] ${msg}\n`);
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;

type Mode = 'ssr' | 'shell';
const MODE_LABEL: Record<Mode, string> = { ssr: 'SSR on', shell: 'SSR off (client shell)' };

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** What Lighthouse flagged outside the metrics: audit id -> title, and the pages that got it. */
type Flags = Map<string, { category: string; title: string; pages: Set<string> }>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function build(outDir: string) {
  log('building the server (apps/server/dist, as npm run build does)');
  await execFileAsync('npm', ['run', 'build', '--workspace', '@pet-haven/server'], {
    cwd: REPO_ROOT,
  });
  log(`building the web app into ${outDir} (client, then the server entry)`);
  const vite = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const opts = { cwd: WEB_DIR, maxBuffer: 64 * 1024 * 1024 };
  await execFileAsync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    opts,
  );
  await execFileAsync(
    process.execPath,
    [
      vite,
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      `${outDir}-server`,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    opts,
  );
}

interface App {
  mode: Mode;
  base: string;
  petId: string;
  petName: string;
  campaignId: string;
  campaignName: string;
  stop(): Promise<void>;
}

/** The app as `npm start` runs it, in production mode with demo data, on a fresh DATA_DIR. */
async function startApp(mode: Mode, webDir: string, dataDir: string): Promise<App> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, '..', `server-${mode}.log`);
  const out = createWriteStream(logFile);
  const { child, stop: stopApp } = startAppProcess(
    {
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      AUTH_SECRET: `bench-web-${Math.random().toString(36).slice(2)}-${'x'.repeat(32)}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'warn',
    },
    out,
  );
  const stop = async () => {
    await stopApp();
    out.end();
  };
  try {
    await waitForReady(`${base}/api/ready`, child, logFile, 600_000);
    const pets = (await (await fetch(`${base}/api/pets`)).json()) as {
      _id: string;
      petName: string;
    }[];
    const campaigns = (await (await fetch(`${base}/api/donation-campaigns`)).json()) as {
      _id: string;
      petName: string;
    }[];
    if (!pets[0] || !campaigns[0]) throw new Error(`the ${mode} app lists no pet or no campaign`);
    // The baseline must be what it says: rendered HTML with SSR on, the empty #root without.
    const home = await (await fetch(`${base}/pets/${pets[0]._id}`)).text();
    const rendered = !home.includes('<div id="root"></div>') && home.includes(pets[0].petName);
    if (rendered !== (mode === 'ssr')) {
      throw new Error(
        `the ${mode} app ${rendered ? 'renders' : 'does not render'} pages on the server`,
      );
    }
    return {
      mode,
      base,
      petId: pets[0]._id,
      petName: pets[0].petName,
      campaignId: campaigns[0]._id,
      campaignName: campaigns[0].petName,
      stop,
    };
  } catch (err) {
    await stop();
    const tail = existsSync(logFile)
      ? readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((line) => !line.includes('/api/ready'))
          .slice(-20)
          .join('\n')
      : '';
    throw new Error(`${(err as Error).message}\n${tail}`, { cause: err });
  }
}

interface Browser {
  port: number;
  version: string;
  stop(): Promise<void>;
}

/** Debian's Chromium, headless, with a DevTools port Lighthouse connects to (never downloaded). */
async function startChromium(profileDir: string): Promise<Browser> {
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--disable-default-apps',
      '--mute-audio',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      '--password-store=basic',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const stop = () => stopChild(child, true);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let err = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${err}`)), 60_000);
      child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${err}`)));
      child.stderr?.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
    });
    const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      Browser: string;
    };
    return { port, version: info.Browser, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function runLighthouse(
  url: string,
  port: number,
  page: string,
  flags: Flags,
): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError)
    throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= (id === 'performance' ? 0.9 : 1))
        continue;
      if (['informative', 'notApplicable', 'manual', 'error'].includes(audit.scoreDisplayMode))
        continue;
      if (Object.values(METRICS).includes(ref.id as never) || ref.group === 'metrics') continue;
      const entry = flags.get(ref.id) ?? { category: id, title: audit.title, pages: new Set() };
      entry.pages.add(page);
      flags.set(ref.id, entry);
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value(METRICS.fcp),
    lcp: value(METRICS.lcp),
    tbt: value(METRICS.tbt),
    cls: value(METRICS.cls),
  };
}

/**
 * Lighthouse sometimes fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP): such a
 * run is retried, at most twice, and said so on stderr; the report counts only complete runs.
 */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`retrying after: ${(err as Error).message.split('\n')[0]}`);
    }
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

function report(opts: {
  pages: string[];
  samples: Map<string, Sample[]>;
  flags: Record<Mode, Flags>;
  apps: App[];
  chromium: string;
  loadBefore: string;
  loadAfter: string;
  date: Date;
  seconds: number;
}): string {
  const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  const lines: string[] = [];
  const cpus = os.cpus();
  lines.push(
    `- Command: \`npm run bench:web\` (${RUNS} run${RUNS > 1 ? 's' : ''} per page and mode, Lighthouse mobile, default simulated throttling)`,
    `- Date: ${opts.date.toISOString().replace(/\.\d+Z$/, 'Z')}, whole run ${Math.round(opts.seconds)} s`,
    `- Machine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`,
    `- Chromium: ${opts.chromium} (${CHROMIUM_PATH}); Lighthouse ${readLighthouseVersion()}`,
    `- Load average (1, 5, 15 min): ${opts.loadBefore} before, ${opts.loadAfter} after`,
    `- Pages: \`/pets/{id}\` is ${opts.apps[0]?.petName ?? '?'}, \`/donation-details/{id}\` ` +
      `${opts.apps[0]?.campaignName ?? '?'}'s campaign (the first of each list, the same in both modes)`,
    '',
    "Each figure is the median of its runs, metric by metric; ✗ misses the issue's target",
    `(performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO ${TARGETS.accessibility}, ` +
      `LCP ≤ ${TARGETS.lcp / 1000} s, TBT ≤ ${TARGETS.tbt} ms, CLS ≤ ${TARGETS.cls}).`,
    '',
    '| Page | Mode | Perf | A11y | Best pr. | SEO | FCP | LCP | TBT | CLS |',
    '| ---- | ---- | ---: | ---: | -------: | --: | --: | --: | --: | --: |',
  );
  for (const page of opts.pages) {
    for (const mode of ['ssr', 'shell'] as const) {
      const runs = opts.samples.get(`${mode} ${page}`) ?? [];
      const m = (k: keyof Sample) => median(runs.map((r) => r[k]));
      const s = {
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        fcp: m('fcp'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        cls: m('cls'),
      };
      lines.push(
        `| \`${page}\` | ${MODE_LABEL[mode]} | ${s.performance}${mark(s.performance >= TARGETS.performance)} | ` +
          `${s.accessibility}${mark(s.accessibility >= TARGETS.accessibility)} | ` +
          `${s.bestPractices}${mark(s.bestPractices >= TARGETS.bestPractices)} | ${s.seo}${mark(s.seo >= TARGETS.seo)} | ` +
          `${sec(s.fcp)} | ${sec(s.lcp)}${mark(s.lcp <= TARGETS.lcp)} | ${Math.round(s.tbt)} ms${mark(s.tbt <= TARGETS.tbt)} | ` +
          `${s.cls.toFixed(3)}${mark(s.cls <= TARGETS.cls)} |`,
      );
    }
  }
  lines.push('', 'Performance scores of each run (SSR on / off):', '');
  for (const page of opts.pages) {
    const runs = (mode: Mode) =>
      (opts.samples.get(`${mode} ${page}`) ?? []).map((r) => r.performance).join(', ');
    lines.push(`- \`${page}\`: ${runs('ssr')} / ${runs('shell')}`);
  }
  for (const mode of ['ssr', 'shell'] as const) {
    const flagged = [...opts.flags[mode].entries()];
    lines.push('', `Audits below their mark in any run, ${MODE_LABEL[mode]}:`, '');
    if (flagged.length === 0) lines.push('- none');
    for (const [id, f] of flagged.sort((a, b) => a[1].category.localeCompare(b[1].category))) {
      lines.push(`- ${f.category}: \`${id}\` (${f.title}): ${[...f.pages].join(', ')}`);
    }
  }
  return lines.join('\n');
}

function readLighthouseVersion(): string {
  const pkg = path.join(REPO_ROOT, 'node_modules/lighthouse/package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

async function main() {
  const date = new Date();
  const loadBefore = loadAverage();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-web-'));
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  };
  const onSignal = () => {
    log('interrupted: stopping');
    void cleanup().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // SSR on: <tmp>/ssr/web with its server entry in <tmp>/ssr/web-server; SSR off: a copy of the
    // same client build alone, <tmp>/shell/web.
    const ssrWeb = path.join(tmp, 'ssr/web');
    const shellWeb = path.join(tmp, 'shell/web');
    const given = process.env.BENCH_WEB_DIST;
    if (given) {
      log(`using the build in ${given} (BENCH_WEB_DIST)`);
      cpSync(path.resolve(given), ssrWeb, { recursive: true });
      cpSync(`${path.resolve(given)}-server`, `${ssrWeb}-server`, { recursive: true });
    } else {
      await build(ssrWeb);
    }
    cpSync(ssrWeb, shellWeb, { recursive: true });

    // Demo data once (pictures go through sharp: minutes on a loaded machine), then the same
    // database for both apps: the same pets and campaigns, the same ids.
    log('first start: migrations and demo data (production mode, DEMO_DATA=true)');
    const seedDir = path.join(tmp, 'ssr/data');
    const seeding = await startApp('ssr', ssrWeb, seedDir);
    cleanups.push(seeding.stop);
    await seeding.stop();
    cpSync(seedDir, path.join(tmp, 'shell/data'), { recursive: true });
    log('starting the app twice on copies of that database');
    const starts = await Promise.allSettled(
      (['ssr', 'shell'] as const).map((mode) =>
        startApp(mode, mode === 'ssr' ? ssrWeb : shellWeb, path.join(tmp, mode, 'data')),
      ),
    );
    const apps = starts.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    for (const app of apps) cleanups.push(app.stop);
    const failed = starts.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    for (const app of apps) {
      log(
        `${MODE_LABEL[app.mode]} at ${app.base}: pet ${app.petName}, ${app.campaignName}'s campaign`,
      );
    }
    const browser = await startChromium(path.join(tmp, 'chromium'));
    cleanups.push(browser.stop);
    log(`${browser.version} on DevTools port ${browser.port}`);

    const pathsOf = (app: App) => [
      '/',
      '/petlist',
      `/pets/${app.petId}`,
      '/donation',
      `/donation-details/${app.campaignId}`,
    ];
    const pages = ['/', '/petlist', '/pets/{id}', '/donation', '/donation-details/{id}'];
    const samples = new Map<string, Sample[]>();
    const flags: Record<Mode, Flags> = { ssr: new Map(), shell: new Map() };
    for (let run = 0; run < RUNS; run++) {
      for (const [i, page] of pages.entries()) {
        const order = run % 2 === 0 ? apps : [...apps].reverse();
        for (const app of order) {
          const t0 = Date.now();
          const sample = await withRetries(() =>
            runLighthouse(`${app.base}${pathsOf(app)[i]}`, browser.port, page, flags[app.mode]),
          );
          const key = `${app.mode} ${page}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          log(
            `run ${run + 1}/${RUNS} ${page} ${MODE_LABEL[app.mode]}: perf ${sample.performance}, ` +
              `LCP ${Math.round(sample.lcp)} ms, TBT ${Math.round(sample.tbt)} ms (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
          );
        }
      }
    }
    const markdown = report({
      pages,
      samples,
      flags,
      apps,
      chromium: browser.version,
      loadBefore,
      loadAfter: loadAverage(),
      date,
      seconds: (Date.now() - started) / 1000,
    });
    process.stdout.write(`${markdown}\n`);
  } finally {
    await cleanup();
    log('stopped the apps and the browser, removed the temporary folder');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
