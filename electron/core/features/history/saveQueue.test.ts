import { describe, expect, it } from 'vitest';
import { createSaveQueue } from './saveQueue';

function setup() {
  const written: string[] = [];
  const changes: number[] = [];
  let failing: Error | null = null;
  const queue = createSaveQueue<string>({
    write: async (item) => {
      await new Promise((resolve) => setImmediate(resolve));
      if (failing) throw failing;
      written.push(item);
    },
    failed: (error) => `not saved (${error instanceof Error ? error.message : String(error)})`,
    onChange: (count) => changes.push(count),
  });
  return { queue, written, changes, fail: (error: Error | null) => (failing = error) };
}

describe('createSaveQueue', () => {
  it('keeps what could not be written, says why, and writes it oldest first once the write works', async () => {
    const { queue, written, changes, fail } = setup();
    fail(new Error('database is locked'));
    queue.add(['game 1']);
    await queue.flush();
    queue.add(['game 2']);
    await queue.flush();
    expect(written).toEqual([]);
    expect(queue.waiting()).toEqual(['game 1', 'game 2']);
    expect(queue.problem()).toBe('not saved (database is locked)');
    fail(null);
    await queue.flush();
    expect(written).toEqual(['game 1', 'game 2']);
    expect(queue.waiting()).toEqual([]);
    expect(queue.problem()).toBeNull();
    // Told when the problem began and when the games were written; the second failure changed nothing to tell.
    expect(changes).toEqual([0, 2]);
  });

  it('never writes an item twice when flushes overlap, and takes items added during a pass', async () => {
    const { queue, written } = setup();
    queue.add(['a', 'b']);
    const first = queue.flush();
    queue.add(['c']);
    const second = queue.flush();
    await Promise.all([first, second, queue.flush()]);
    expect(written).toEqual(['a', 'b', 'c']);
  });

  it('forgets what waits on clear, after the pass under way, and writes none of it later', async () => {
    const { queue, written, changes, fail } = setup();
    fail(new Error('disk full'));
    queue.add(['old 1', 'old 2']);
    const pass = queue.flush();
    const cleared = queue.clear();
    await pass;
    expect(await cleared).toEqual(['old 1', 'old 2']);
    expect(queue.waiting()).toEqual([]);
    expect(queue.problem()).toBeNull();
    fail(null);
    queue.add(['new']);
    await queue.flush();
    expect(written).toEqual(['new']);
    expect(changes).toEqual([0, 0, 1]);
  });
});
