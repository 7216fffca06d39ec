import { describe, expect, it } from 'vitest';
import type { Sequence } from '@shared/contract';
import { sameSequence } from './sequenceSync';

const draft: Sequence = {
  fieldOfView: [
    { time: 10, value: 45, blend: 'linear' },
    { time: 20, value: 60, blend: 'smoothStep' },
  ],
  cameraPosition: [{ time: 10, value: { x: 1, y: 2, z: 3 }, blend: 'linear' }],
};

describe('sameSequence', () => {
  it('ignores the order of tracks, of keyframes and of keys in the echo', () => {
    const echoed = {
      cameraPosition: [{ blend: 'linear', value: { z: 3, y: 2, x: 1 }, time: 10 }],
      fieldOfView: [
        { value: 60, time: 20, blend: 'smoothStep' },
        { time: 10, value: 45, blend: 'linear' },
      ],
    } as Sequence;
    expect(sameSequence(draft, echoed)).toBe(true);
  });

  it('notices a changed value, blend or a missing track', () => {
    const first = { time: 10, value: 45, blend: 'linear' } as const;
    const changedValue = [first, { time: 20, value: 61, blend: 'smoothStep' } as const];
    const changedBlend = [first, { time: 20, value: 60, blend: 'linear' } as const];
    expect(sameSequence(draft, { ...draft, fieldOfView: changedValue })).toBe(false);
    expect(sameSequence(draft, { ...draft, fieldOfView: changedBlend })).toBe(false);
    expect(sameSequence(draft, { fieldOfView: draft.fieldOfView ?? [] })).toBe(false);
    expect(sameSequence({}, {})).toBe(true);
  });
});
