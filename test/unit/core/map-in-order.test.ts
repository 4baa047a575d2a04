import { describe, expect, it } from 'vitest';
import { mapInOrder } from '../../../src-main/core/app/map-limit.ts';

async function* numbers(count: number, read: number[]): AsyncGenerator<number> {
  for (let i = 0; i < count; i += 1) {
    // As a folder walk does, each item comes after a wait.
    await Promise.resolve();
    read.push(i);
    yield i;
  }
}

/** Work that ends when the test says so, so its order of ending is chosen, not timed. */
function heldWork() {
  const release = new Map<number, () => void>();
  let running = 0;
  let most = 0;
  const work = async (item: number) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => release.set(item, resolve));
    running -= 1;
    return item * 10;
  };
  return { work, release, most: () => most };
}

describe('mapInOrder', () => {
  it('gives results in the order of the source, never more than the limit at work at once', async () => {
    const held = heldWork();
    const read: number[] = [];
    const results: number[] = [];
    const done = (async () => {
      for await (const result of mapInOrder(numbers(12, read), 3, held.work)) results.push(result);
    })();
    // Ending the later ones first gives nothing until the first has ended too.
    for (let released = 0; released < 12;) {
      await new Promise((resolve) => setImmediate(resolve));
      const waiting = [...held.release.keys()].sort((a, b) => b - a);
      for (const item of waiting) {
        held.release.get(item)?.();
        held.release.delete(item);
        released += 1;
      }
    }
    await done;
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i * 10));
    expect(held.most()).toBe(3);
  });

  it('reads the source no further once told to stop, and still gives the work begun', async () => {
    const read: number[] = [];
    let stop = false;
    const results: number[] = [];
    for await (const result of mapInOrder(
      numbers(100, read),
      2,
      (item) => Promise.resolve(item),
      () => stop,
    )) {
      results.push(result);
      if (result === 4) stop = true;
    }
    expect(results.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(read.length).toBeLessThan(100);
    expect(results).toEqual(read.slice(0, results.length));
  });
});
