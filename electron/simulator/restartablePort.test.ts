import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRestartablePorts } from './restartablePort';
import { smallScenario } from './simulatorTestKit';
import { startSimulator } from './index';

const EPHEMERAL_FIRST = 32_768;

function take(count: number, ports: { next(): number }): number[] {
  return Array.from({ length: count }, () => ports.next());
}

describe('restartable ports', () => {
  it('gives each test worker its own block below the ephemeral range', () => {
    const first = take(500, createRestartablePorts({ VITEST_POOL_ID: '1' }, 4242));
    const second = take(500, createRestartablePorts({ VITEST_POOL_ID: '2' }, 4242));
    const playwright = take(500, createRestartablePorts({ TEST_PARALLEL_INDEX: '0' }, 4242));
    const all = [...first, ...second, ...playwright];
    expect(new Set(all).size).toBe(all.length);
    expect(Math.max(...all)).toBeLessThan(EPHEMERAL_FIRST);
  });

  it('gives a process outside a test runner a block by its pid, apart from the workers', () => {
    const worker = new Set(take(500, createRestartablePorts({ VITEST_POOL_ID: '3' }, 7)));
    const spawned = take(500, createRestartablePorts({}, 7));
    expect(spawned.filter((port) => worker.has(port))).toEqual([]);
    expect(Math.max(...spawned)).toBeLessThan(EPHEMERAL_FIRST);
  });

  it('wraps around its block', () => {
    const ports = createRestartablePorts({ VITEST_POOL_ID: '1' }, 1);
    const [start] = take(1, ports);
    take(ports.size - 1, ports);
    expect(ports.next()).toBe(start);
  });

  it('a simulator skips a port of its block that is in use and restarts a stopped service on the same port', async () => {
    const blocker = createServer();
    const taken = createRestartablePorts().next();
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve));
    const sim = await startSimulator({ scenario: smallScenario(), now: () => 0 });
    try {
      const { live, card, replay } = sim.ports;
      for (const port of [live, card, replay]) expect(port).toBeLessThan(EPHEMERAL_FIRST);
      expect([live, card, replay]).not.toContain(taken);
      await sim.control.setFault('card', 'refused');
      await sim.control.setFault('card', null);
      expect(sim.ports.card).toBe(card);
    } finally {
      await sim.close();
      blocker.close();
    }
  });
});
