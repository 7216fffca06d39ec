import { describe, expect, it } from 'vitest';
import { byName, createSimulatedNames } from './simulatedNames';

type Answer = { error: NodeJS.ErrnoException | null; address: unknown };

function ask(names: ReturnType<typeof createSimulatedNames>, all: boolean): Promise<Answer> {
  return new Promise((resolve) =>
    names.lookup('store.example', { all }, (error, address) => resolve({ error, address })),
  );
}

describe('simulated names', () => {
  it('answers 127.0.0.1 for any name, one address or all, without asking DNS', async () => {
    const names = createSimulatedNames();
    expect(await ask(names, false)).toEqual({ error: null, address: '127.0.0.1' });
    expect(await ask(names, true)).toEqual({ error: null, address: [{ address: '127.0.0.1', family: 4 }] });
  });

  it('fails every name with ENOTFOUND while down, tells who listens, and counts the failures', async () => {
    const names = createSimulatedNames();
    let downs = 0;
    names.onDown(() => (downs += 1));
    names.setDown(true);
    names.setDown(true);
    const failed = await ask(names, true);
    expect(failed.error?.code).toBe('ENOTFOUND');
    expect(names.failed()).toBe(1);
    expect(downs).toBe(1);
    names.setDown(false);
    expect((await ask(names, false)).error).toBeNull();
  });

  it('names a 127.0.0.1 URL by the simulated host name', () => {
    expect(byName('http://127.0.0.1:4100/{routing}')).toBe('http://localhost:4100/{routing}');
  });
});
