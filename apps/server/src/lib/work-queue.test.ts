import { describe, expect, it } from 'vitest';
import { QueueFullError, WorkQueue } from './work-queue';

/** A task that runs until the test releases it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks, lets `maxWaiting` wait in order, refuses the rest', async () => {
    const queue = new WorkQueue(2, 1);
    const order: string[] = [];
    const [a, b, c] = [gate(), gate(), gate()];
    const ran = (name: string, g: ReturnType<typeof gate>) => () => {
      order.push(name);
      return g.task();
    };
    const pa = queue.run(ran('a', a));
    const pb = queue.run(ran('b', b));
    const pc = queue.run(ran('c', c));
    expect([queue.active, queue.waiting, queue.full]).toEqual([2, 1, true]);
    await expect(queue.run(async () => 'd')).rejects.toBeInstanceOf(QueueFullError);
    expect(order).toEqual(['a', 'b']);

    a.open();
    await pa;
    // c, the one waiting, got a's slot.
    await expect.poll(() => order).toEqual(['a', 'b', 'c']);
    expect([queue.active, queue.waiting, queue.full]).toEqual([2, 0, false]);
    b.open();
    c.open();
    await Promise.all([pb, pc]);
    expect([queue.active, queue.waiting, queue.started]).toEqual([0, 0, 3]);
  });

  it('frees the slot when a task fails, and estimates a Retry-After of at least a second', async () => {
    const queue = new WorkQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(queue.active).toBe(0);
    const g = gate();
    const running = queue.run(g.task);
    const refused = await queue.run(async () => 1).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect((refused as QueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as QueueFullError).retryAfterSeconds).toBeLessThanOrEqual(60);
    g.open();
    await running;
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });
});
