import type { ReactNode } from 'react';

export type TrackerLayout = 'expanded' | 'compact';

interface TrackerPanelProps {
  /** The accessible name of the panel. */
  label: string;
  title: string;
  /** Next to the title (a badge, a name, a code). */
  aside?: ReactNode;
  /** The figures line under the title. */
  figures?: ReactNode;
  layout: TrackerLayout;
  /** Whose cards: the opponent's panel wears the other side's colour. */
  side?: 'player' | 'opponent';
  testId?: string;
  /** Shown instead of the list when there is nothing in it. */
  empty: string | null;
  children: ReactNode;
}

/** The frame every card list shares: title and figures over a list of card rows. */
export function TrackerPanel({
  label,
  title,
  aside,
  figures,
  layout,
  side = 'player',
  testId,
  empty,
  children,
}: TrackerPanelProps) {
  return (
    <section className={`tracker-panel ${layout} ${side}`} aria-label={label} data-testid={testId}>
      <header className="tracker-head">
        <div className="tracker-title">
          <span>{title}</span>
          {aside}
        </div>
        {figures ? <div className="tracker-figures">{figures}</div> : null}
      </header>
      {empty === null ? children : <p className="tracker-empty">{empty}</p>}
    </section>
  );
}
