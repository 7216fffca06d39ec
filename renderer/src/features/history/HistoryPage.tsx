import { useState } from 'react';
import { SegmentedTabs, type SegmentedTab } from '../../ui/SegmentedTabs';
import { ArenaHistory } from './ArenaHistory';
import { CardHistory } from './CardHistory';
import { HistoryRetention } from './HistoryRetention';
import '../staticData/data.css';

type HistoryTab = 'card' | 'arena';

const TABS: ReadonlyArray<SegmentedTab<HistoryTab>> = [
  { id: 'card', label: 'Card games', testId: 'history-tab-card' },
  { id: 'arena', label: 'Arena games', testId: 'history-tab-arena' },
];

function initialTab(): HistoryTab {
  return new URLSearchParams(window.location.search).get('game') === 'arena' ? 'arena' : 'card';
}

/** Match history of both games, kept in one database on this computer. */
export function HistoryPage() {
  const [tab, setTab] = useState<HistoryTab>(initialTab);
  return (
    <div className="history-page">
      <SegmentedTabs label="Game" tabs={TABS} value={tab} onChange={setTab} />
      <HistoryRetention />
      {tab === 'card' ? <CardHistory /> : <ArenaHistory />}
    </div>
  );
}
