import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('GroupCommit', () => {
  it('writes a lone submission at once, and what arrives meanwhile together in the next flush', async () => {
    const flushes: number[][] = [];
    const commit = new GroupCommit<number, number>(
      async (items) => {
        flushes.push(items);
        await tick();
        return items.map((n) => n * 10);
      },
      { maxItems: 100, maxConcurrent: 1 },
    );
    const results = await Promise.all([1, 2, 3, 4].map((n) => commit.submit(n)));
    expect(results).toEqual([10, 20, 30, 40]);
    expect(flushes).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps flushes within their size and concurrency', async () => {
    let running = 0;
    let peak = 0;
    const sizes: number[] = [];
    const commit = new GroupCommit<number, number>(
      async (items) => {
        running++;
        peak = Math.max(peak, running);
        sizes.push(items.length);
        await tick();
        running--;
        return items;
      },
      { maxItems: 3, maxConcurrent: 2 },
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => commit.submit(i)));
    expect(peak).toBe(2);
    expect(Math.max(...sizes)).toBe(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('fails one item alone, or the whole flush when the write fails', async () => {
    const commit = new GroupCommit<number, number>(
      async (items) => {
        if (items.includes(99)) throw new Error('database down');
        return items.map((n) => (n < 0 ? new Error(`bad ${n}`) : n));
      },
      { maxItems: 10, maxConcurrent: 1 },
    );
    await expect(commit.submit(-1)).rejects.toThrow('bad -1');
    await expect(commit.submit(5)).resolves.toBe(5);
    await expect(commit.submit(99)).rejects.toThrow('database down');
  });
});
