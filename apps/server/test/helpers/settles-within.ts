/** Whether `work` settles within `ms` (it answers as soon as it does). */
export async function settlesWithin(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), bound]);
  } finally {
    clearTimeout(timer);
  }
}
