import autocannon from 'autocannon';

/** The p-th percentile of ascending `sorted` (nearest rank); NaN when empty. */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The middle of `values` (in any order): one of them, the lower of the two middles if even. */
export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * GET `url` with autocannon for `seconds` over `connections`: requests per second, every
 * response time in ascending order, and the count of non-200 answers, errors and timeouts. With
 * `paths`, the requests go to those paths of `url`'s origin in turn, one after the other.
 */
export async function loadGet(
  url: string,
  connections: number,
  seconds: number,
  paths?: readonly string[],
) {
  const times: number[] = [];
  let errors = 0;
  let turn = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    ...(paths && {
      requests: [
        {
          setupRequest: (request: { path: string }) => {
            request.path = paths[turn++ % paths.length]!;
            return request;
          },
        },
      ],
    }),
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    if (status !== 200) errors += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.average),
    times,
    errors: errors + result.errors + result.timeouts,
  };
}

/**
 * The order in which `count` servers take their turns in round `round` of an alternated bench
 * (bench:builds, bench:lists): as given in even rounds, reversed in odd ones, so no server always
 * goes first.
 */
export function turnOrder(count: number, round: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  return round % 2 === 1 ? order.reverse() : order;
}
