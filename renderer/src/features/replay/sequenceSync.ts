import type { Sequence } from '@shared/contract';
import { sortSequence } from '@shared/replay/sequenceEditor';

/**
 * Whether the draft is what the replay has: the same keyframes, whatever the key order the game
 * echoes them in. Tracks are sorted first, so order of entry does not count either.
 */
export function sameSequence(a: Sequence, b: Sequence): boolean {
  return canonicalJson(sortSequence(a)) === canonicalJson(sortSequence(b));
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  );
}
