/**
 * The page to show: the one asked for, or the last page there is when the list has shrunk below it
 * (say, the only item of the last page was deleted). `total` is unknown until the first answer.
 */
export function clampPage(page: number, total: number | undefined, pageSize: number): number {
  if (total === undefined) return page;
  return Math.max(1, Math.min(page, Math.ceil(total / pageSize)));
}
