import { useState } from 'react';
import { useAppState } from '../../../state/AppContext';
import { navigate } from '../../../navigation/route';
import { SegmentedTabs, type SegmentedTab } from '../../../ui/SegmentedTabs';
import '../data.css';
import { CardBrowser } from './CardBrowser';
import { CardDetailDialog } from './CardDetailDialog';
import { DeckCodeBox } from './DeckCodeBox';
import './cards.css';

type Tab = 'browse' | 'deck';

const TABS: ReadonlyArray<SegmentedTab<Tab>> = [
  { id: 'browse', label: 'Browse cards', testId: 'tab-browse' },
  { id: 'deck', label: 'Deck code', testId: 'tab-deck' },
];

/** The card game's cards from the downloaded bundles: a browser with filters, and the deck-code box. */
export function CardsPage() {
  const cache = useAppState((state) => state.staticData.cache);
  const locales = (cache?.cards ?? [])
    .filter((entry) => entry.indexedAt !== null)
    .map((entry) => entry.locale);
  const [chosen, setChosen] = useState<string | null>(null);
  const locale =
    chosen && locales.includes(chosen) ? chosen : locales.includes('en_us') ? 'en_us' : locales[0];
  const [tab, setTab] = useState<Tab>('browse');
  const [open, setOpen] = useState<string | null>(null);

  return (
    <div className="sd-page sd-cards-page" data-testid="cards-page">
      <div className="sd-cards-head">
        <SegmentedTabs label="Cards" tabs={TABS} value={tab} onChange={setTab} className="sd-tabs" />
        {locales.length > 1 ? (
          <label className="sd-field inline">
            <span>Language</span>
            <select value={locale} onChange={(event) => setChosen(event.target.value)}>
              {locales.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {candidate}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {tab === 'deck' ? (
        <DeckCodeBox locale={locale} onOpen={setOpen} />
      ) : cache === null ? (
        <p className="muted">Loading…</p>
      ) : locale ? (
        <CardBrowser key={locale} locale={locale} onOpen={setOpen} />
      ) : (
        <NothingDownloaded />
      )}
      {open && locale ? (
        <CardDetailDialog cardCode={open} locale={locale} onClose={() => setOpen(null)} onOpen={setOpen} />
      ) : null}
    </div>
  );
}

function NothingDownloaded() {
  return (
    <section className="panel sd-empty" data-testid="cards-empty">
      <h2>No card data yet</h2>
      <p>
        Card names, art and text come from the card game’s data bundles. Download them once; they stay
        available offline.
      </p>
      <button type="button" className="sd-primary" onClick={() => navigate('/data')}>
        Open the Data page
      </button>
    </section>
  );
}
