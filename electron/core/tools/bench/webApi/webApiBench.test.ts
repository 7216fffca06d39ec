import { describe, expect, it } from 'vitest';
import { startWebApiSimulator } from '../../../../simulator/index';
import { idealSeconds, runWebApiBench } from './webApiBench';

describe('web API bench', () => {
  it('knows the fastest finish under fixed windows', () => {
    expect(idealSeconds(300, '20:1,100:10')).toBe(24);
    expect(idealSeconds(20, '20:1,100:10')).toBe(0);
    expect(idealSeconds(21, '20:1')).toBe(1);
  });

  it('runs all three clients on one server; Sightline finishes with no 429 and no failure', async () => {
    const lines = await runWebApiBench({
      startServer: startWebApiSimulator,
      lookups: 45,
      appLimits: '20:1,40:3',
    });
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('45 match lookups, app limits 20:1,40:3');
    expect(lines[1]).toMatch(/Sightline .* 0 × 429 at the server +0\/45 failed +\d+\.\d % of theoretical/);
    expect(lines[2]).toMatch(/twisted/);
    expect(lines[3]).toMatch(/fightmegg/);
  }, 60_000);
});
