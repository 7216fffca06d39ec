import { describe, expect, it } from 'vitest';
import type { SeenCardRow } from '@shared/contract';
import { createFreshCards } from './freshCards';

const row = (code: string, count: number): SeenCardRow => ({
  card: {
    code,
    name: null,
    cost: null,
    region: null,
    faction: code.slice(2, 4),
    artUrl: null,
    champion: false,
  },
  count,
});

describe('createFreshCards', () => {
  it('lights nothing of the list the page opened on', () => {
    const fresh = createFreshCards();
    const opened = [row('01NX004', 1), row('01NX020', 2)];
    expect(fresh.lightOf(opened, '01NX004')).toBe(0);
    expect(fresh.lightOf(opened, '01NX020')).toBe(0);
  });

  it('lights the card whose count went up, until another play takes the light', () => {
    const fresh = createFreshCards();
    const opened = [row('01NX004', 1)];
    fresh.lightOf(opened, '01NX004');
    const added = [row('01NX004', 1), row('01NX020', 1)];
    const first = fresh.lightOf(added, '01NX020');
    expect(first).toBeGreaterThan(0);
    expect(fresh.lightOf(added, '01NX004')).toBe(0);
    // Asked again for the same list (another row of it): the same light.
    expect(fresh.lightOf(added, '01NX020')).toBe(first);

    const raised = [row('01NX004', 2), row('01NX020', 1)];
    const second = fresh.lightOf(raised, '01NX004');
    expect(second).toBeGreaterThan(first);
    expect(fresh.lightOf(raised, '01NX020')).toBe(0);
  });

  it('lights the first card played when the page opened on an empty list', () => {
    const fresh = createFreshCards();
    fresh.see([]);
    expect(fresh.lightOf([row('01NX004', 1)], '01NX004')).toBeGreaterThan(0);
  });

  it('keeps the light through a list that raised nothing, and numbers a second play of the same card anew', () => {
    const fresh = createFreshCards();
    fresh.lightOf([], '01NX004');
    const played = [row('01NX004', 1)];
    const light = fresh.lightOf(played, '01NX004');
    expect(fresh.lightOf([row('01NX004', 1)], '01NX004')).toBe(light);
    expect(fresh.lightOf([row('01NX004', 2)], '01NX004')).toBeGreaterThan(light);
  });
});
