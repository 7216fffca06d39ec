import { useState } from 'react';
import { ArenaHistory } from './ArenaHistory';
import { CardHistory } from './CardHistory';
import '../data/data.css';

type HistoryTab = 'card' | 'arena';

function initialTab(): HistoryTab {
  return new URLSearchParams(window.location.search).get('game') === 'arena' ? 'arena' : 'card';
}

/** Match history of both games, kept in one database on this computer. */
export function HistoryPage() {
  const [tab, setTab] = useState<HistoryTab>(initialTab);
  return (
    <div className="history-page">
      <div className="sd-segmented" role="tablist" aria-label="Game">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'card'}
          onClick={() => setTab('card')}
          data-testid="history-tab-card"
        >
          Card games
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'arena'}
          onClick={() => setTab('arena')}
          data-testid="history-tab-arena"
        >
          Arena games
        </button>
      </div>
      {tab === 'card' ? <CardHistory /> : <ArenaHistory />}
    </div>
  );
}
