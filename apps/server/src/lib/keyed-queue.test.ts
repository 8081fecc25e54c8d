import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('KeyedQueue', () => {
  it('runs the tasks of one key one at a time, in order, failures included', async () => {
    const queue = new KeyedQueue();
    const seen: string[] = [];
    let running = 0;
    const task =
      (name: string, fail = false) =>
      async () => {
        running++;
        expect(running).toBe(1);
        await tick();
        seen.push(name);
        running--;
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      queue.run('a', task('1')),
      queue.run('a', task('2', true)),
      queue.run('a', task('3')),
    ]);
    expect(seen).toEqual(['1', '2', '3']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('runs different keys side by side and forgets a key once its work is done', async () => {
    const queue = new KeyedQueue();
    const order: string[] = [];
    const slow = queue.run('a', async () => {
      await tick();
      await tick();
      order.push('a');
    });
    const fast = queue.run('b', async () => {
      order.push('b');
    });
    await Promise.all([slow, fast]);
    expect(order).toEqual(['b', 'a']);
    await tick();
    expect((queue as unknown as { tails: Map<string, unknown> }).tails.size).toBe(0);
  });
});
