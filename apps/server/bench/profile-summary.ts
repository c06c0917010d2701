/**
 * Where a profile written by the benches spent its time or its bytes, as shares of the whole: a
 * V8 CPU profile (`BENCH_CPU_PROF`, `.cpuprofile`: busy time, idle left out) or an allocation
 * profile (`BENCH_ALLOC_PROF`, `.heapprofile`: bytes allocated). By package (or `app` for the
 * server's own bundle, `node:…` for Node's), then by function.
 *
 *   npx tsx bench/profile-summary.ts /tmp/profiles/<file> [how many functions, 25]
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  samples: number[];
  timeDeltas: number[];
}
interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

/** The package a frame's code comes from. */
function placeOf({ functionName, url }: CallFrame): string {
  if (functionName.startsWith('(')) return functionName;
  if (url.includes('node_modules/')) {
    const [scope, name] = url.split('node_modules/').at(-1)!.split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  return url === '' ? '(native)' : 'app';
}

// V8 numbers lines from 0, and -1 where it has none
const nameOf = ({ functionName, url, lineNumber }: CallFrame) =>
  `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}${lineNumber >= 0 ? `:${lineNumber + 1}` : ''}`;

type Profile = CpuProfile | { head: HeapNode };

/** Each frame with what it spent itself (microseconds of a CPU profile, or bytes). */
function selfOf(profile: Profile): Array<[CallFrame, number]> {
  if ('head' in profile) {
    const spent: Array<[CallFrame, number]> = [];
    const walk = (node: HeapNode) => {
      spent.push([node.callFrame, node.selfSize]);
      node.children.forEach(walk);
    };
    walk(profile.head);
    return spent;
  }
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  // a sample lasts until the next one (as DevTools counts it): the delta after it
  return profile.samples
    .map((id, i): [CallFrame, number] => [frames.get(id)!, profile.timeDeltas[i + 1] ?? 0])
    .filter(([frame]) => frame.functionName !== '(idle)');
}

function sharesBy(spent: Array<[CallFrame, number]>, key: (frame: CallFrame) => string) {
  const sums = new Map<string, number>();
  for (const [frame, amount] of spent) sums.set(key(frame), (sums.get(key(frame)) ?? 0) + amount);
  return [...sums].sort((a, b) => b[1] - a[1]);
}

const [file, count = '25'] = process.argv.slice(2);
const functions = Number(count);
if (!file || !Number.isInteger(functions) || functions < 0) {
  throw new Error('Usage: tsx bench/profile-summary.ts <.cpuprofile|.heapprofile> [functions]');
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const spent = selfOf(profile);
const total = spent.reduce((sum, [, amount]) => sum + amount, 0);
if (total === 0) throw new Error(`${file}: nothing sampled`);
const percent = (amount: number) => `${((100 * amount) / total).toFixed(1).padStart(5)} %`;
console.log(
  'head' in profile
    ? `${(total / 2 ** 20).toFixed(1)} MiB allocated`
    : `${(total / 1000).toFixed(0)} ms busy`,
);
for (const [place, amount] of sharesBy(spent, placeOf).slice(0, 15)) {
  console.log(percent(amount), place);
}
console.log('--- functions');
for (const [name, amount] of sharesBy(spent, nameOf).slice(0, functions)) {
  console.log(percent(amount), name);
}
