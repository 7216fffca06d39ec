import type { ReactNode } from 'react';
import { formatThousands } from './matchFormat';

/** A team's kills and gold, then what else its kind of game counts (objectives for two sides). */
export function TeamTotals({ kills, gold, children }: { kills: number; gold: number; children?: ReactNode }) {
  return (
    <dl className="team-totals">
      <div>
        <dt>Kills</dt>
        <dd>{kills}</dd>
      </div>
      <div>
        <dt>Gold</dt>
        <dd>{formatThousands(gold)}</dd>
      </div>
      {children}
    </dl>
  );
}
