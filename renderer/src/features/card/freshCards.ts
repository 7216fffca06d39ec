import type { SeenCardRow } from '@shared/contract';
import { countsByCode, raisedCounts } from './cardRows';

/**
 * Which of the opponent's cards were just seen, asked for each row the list writes. Worked out once per list of rows
 * the host pushed, whichever asks first: the cards whose count went up in the last list that raised any, each light
 * numbered so the list can tell a new light from the one it already let go out.
 */
export interface FreshCards {
  /** Takes in a list of rows the host pushed (the list reads each one, an empty list too, before any row does). */
  see(rows: readonly SeenCardRow[]): void;
  /** The number of the light on `code` in this list of rows, or 0 when it is not lit. */
  lightOf(rows: readonly SeenCardRow[], code: string): number;
}

export function createFreshCards(): FreshCards {
  let seen: readonly SeenCardRow[] | null = null;
  let counts: ReadonlyMap<string, number> | null = null;
  let fresh: ReadonlySet<string> = new Set();
  let light = 0;
  const see = (rows: readonly SeenCardRow[]): void => {
    if (rows === seen) return;
    // The first list is what the page opened on: nothing in it was just played.
    const raised = raisedCounts(counts, rows);
    if (raised.size > 0) {
      fresh = raised;
      light += 1;
    }
    seen = rows;
    counts = countsByCode(rows);
  };
  return {
    see,
    lightOf(rows, code) {
      see(rows);
      return fresh.has(code) ? light : 0;
    },
  };
}
