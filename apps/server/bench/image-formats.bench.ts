/**
 * What AVIF would cost the image pipeline beside the WebP it stores today (issue 11: "AVIF where
 * the browser accepts it if the pipeline can afford it"): for each stored width, the time to
 * encode and the bytes of WebP (the pipeline's settings, the baseline) and of AVIF at sharp's
 * default quality, in the same run, from the same pixels.
 *
 *   npm run bench:images -w @pet-haven/server
 *   BENCH_IMAGE_RUNS=9 npm run bench:images -w @pet-haven/server
 *
 * Two pictures: a photo (4000 x 3000, as a phone takes them: fine texture and gradients, made
 * from blurred noise and saved as a JPEG, no network), and a demo drawing (flat shapes, as the
 * demo data's). Each is decoded and scaled once to the largest stored width, as the pipeline does
 * (images.service.ts), then every width is encoded RUNS times per format; the medians are printed.
 */
import { IMAGE_WIDTHS } from '@pet-haven/shared/image-values';
import sharp from 'sharp';
import { petSvg, svgToPng } from '../src/demo/demo-pictures';

const RUNS = Math.max(1, Number(process.env.BENCH_IMAGE_RUNS ?? 5));
const LARGEST = Math.max(...IMAGE_WIDTHS);
/** The pipeline's WebP settings (images.service.ts). */
const WEBP = { quality: 80, effort: 4 } as const;
/** sharp's AVIF defaults, and a faster effort. */
const AVIF = [
  { name: 'AVIF q50 effort 4', options: { quality: 50, effort: 4 } },
  { name: 'AVIF q50 effort 2', options: { quality: 50, effort: 2 } },
] as const;

async function photo(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#264653"/>
      </linearGradient></defs>
      <rect width="4000" height="3000" fill="url(#g)"/>
    </svg>`,
  );
  const texture = await sharp(noise).blur(2.5).toBuffer();
  return sharp(gradient)
    .composite([{ input: texture, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function drawing(): Promise<Buffer> {
  return svgToPng(petSvg('cat', { bg: '#fde68a', body: '#f97316', accent: '#7c2d12' }));
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(encode: () => Promise<Buffer>) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    bytes = (await encode()).length;
    times.push(performance.now() - started);
  }
  return { ms: median(times), bytes };
}

async function main() {
  console.log(
    `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, ${sharp.concurrency()} threads; ${RUNS} runs per cell, medians\n`,
  );
  console.log('| Picture | Width | Format | Encode (ms) | Bytes |');
  console.log('| ------- | ----: | ------ | ----------: | ----: |');
  const totals = new Map<string, { ms: number; bytes: number }>();
  for (const [name, load] of [
    ['photo 4000x3000', photo],
    ['drawing 1200x900', drawing],
  ] as const) {
    const decoded = await sharp(await load())
      .resize({ width: LARGEST, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = decoded.info;
    const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
    for (const w of IMAGE_WIDTHS.filter((x) => x <= width)) {
      const scaled = () => (w === width ? pixels() : pixels().resize({ width: w }));
      const formats = [
        { format: 'WebP q80 effort 4 (today)', encode: () => scaled().webp(WEBP).toBuffer() },
        ...AVIF.map((a) => ({ format: a.name, encode: () => scaled().avif(a.options).toBuffer() })),
      ];
      for (const { format, encode } of formats) {
        const { ms, bytes } = await timed(encode);
        const key = `${name}|${format}`;
        const sum = totals.get(key) ?? { ms: 0, bytes: 0 };
        totals.set(key, { ms: sum.ms + ms, bytes: sum.bytes + bytes });
        console.log(`| ${name} | ${w} | ${format} | ${ms.toFixed(0)} | ${bytes} |`);
      }
    }
  }
  console.log('\nAll widths of one picture (what one upload costs the processing queue):\n');
  console.log('| Picture | Format | Encode (ms) | Bytes |');
  console.log('| ------- | ------ | ----------: | ----: |');
  for (const [key, { ms, bytes }] of totals) {
    const [name, format] = key.split('|');
    console.log(`| ${name} | ${format} | ${ms.toFixed(0)} | ${bytes} |`);
  }
}

await main();
