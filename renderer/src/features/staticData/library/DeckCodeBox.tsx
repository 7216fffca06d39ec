import { useState, type FormEvent } from 'react';
import type { DeckCardRow, DeckView } from '@shared/contract';
import { StaticImage } from '../../../ui/StaticImage';
import { RegionIcon, RegionIcons } from '../../../ui/RegionIcon';
import { useContractQuery } from '../../../state/contractQueries';
import { useStaticDataRevision } from '../../../state/useStaticData';
import { ManaCurve } from './ManaCurve';

/** Paste a deck code: the deck's cards with art and counts, its mana curve and regions. */
export function DeckCodeBox({
  locale,
  onOpen,
}: {
  locale: string | undefined;
  onOpen: (cardCode: string) => void;
}) {
  const revision = useStaticDataRevision();
  const [text, setText] = useState('');
  const [code, setCode] = useState('');
  const deck = useContractQuery(
    'staticData.deck.decode',
    { code, ...(locale ? { locale } : {}) },
    { dependsOn: [revision], enabled: code !== '', retry: false },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCode(text.trim());
  };

  return (
    <section className="panel sd-deckbox" aria-labelledby="sd-deck-title">
      <div className="sd-panel-head">
        <h2 id="sd-deck-title">Deck code</h2>
        <span className="muted">Paste a code shared by a player or a deck site</span>
      </div>
      <form className="sd-deck-form" onSubmit={submit}>
        <input
          type="text"
          value={text}
          spellCheck={false}
          autoComplete="off"
          placeholder="CEBAIAIFB4WDANQIAEAQGDAUDAQSIJZUAIAQCAIEAEAQKBIA"
          aria-label="Deck code"
          onChange={(event) => setText(event.target.value)}
          onPaste={(event) => {
            const pasted = event.clipboardData.getData('text').trim();
            if (pasted) {
              event.preventDefault();
              setText(pasted);
              setCode(pasted);
            }
          }}
          data-testid="deck-code-input"
        />
        <button
          type="submit"
          className="sd-primary"
          disabled={text.trim() === ''}
          data-testid="deck-code-show"
        >
          Show deck
        </button>
      </form>
      {deck.isFetching && !deck.data ? <p className="muted">Reading the code…</p> : null}
      {deck.isError ? (
        <p className="sd-error" role="alert" data-testid="deck-code-error">
          {deck.error.message}
        </p>
      ) : null}
      {deck.data ? <DeckViewPanel deck={deck.data} onOpen={onOpen} /> : null}
    </section>
  );
}

function DeckViewPanel({ deck, onOpen }: { deck: DeckView; onOpen: (cardCode: string) => void }) {
  return (
    <div className="sd-deck" data-testid="deck-view">
      <div className="sd-deck-summary">
        <div className="sd-deck-total">
          <strong data-testid="deck-total">{deck.totalCards}</strong>
          <span className="muted">cards</span>
        </div>
        <ul className="sd-deck-regions" aria-label="Regions">
          {deck.regions.map(({ region, copies }) => (
            <li key={region.nameRef} data-testid={`deck-region-${region.nameRef}`}>
              <RegionIcon region={region} alt="" size="full" eager />
              <span>{region.name}</span>
              <span className="muted">{copies}</span>
            </li>
          ))}
        </ul>
        <ManaCurve curve={deck.manaCurve} />
      </div>
      {deck.dataMissing ? (
        <p className="muted">No card data is downloaded for {deck.locale}: the deck shows card codes only.</p>
      ) : deck.unknownCards > 0 ? (
        <p className="muted">
          {deck.unknownCards} {deck.unknownCards === 1 ? 'card is' : 'cards are'} not in the downloaded sets.
        </p>
      ) : null}
      <ul className="sd-deck-list">
        {deck.cards.map((row) => (
          <li key={row.cardCode}>
            <DeckRow row={row} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeckRow({ row, onOpen }: { row: DeckCardRow; onOpen: (cardCode: string) => void }) {
  const { card } = row;
  if (!card) {
    return (
      <div className="sd-deck-row unknown" data-testid={`deck-card-${row.cardCode}`}>
        <span className="sd-cost">?</span>
        <span className="sd-deck-name">{row.cardCode}</span>
        <span className="sd-deck-count">×{row.count}</span>
      </div>
    );
  }
  return (
    <button
      type="button"
      className="sd-deck-row"
      onClick={() => onOpen(card.cardCode)}
      data-testid={`deck-card-${row.cardCode}`}
    >
      <StaticImage src={card.imageUrl} alt="" className="sd-deck-art" fallback="" />
      <span className="sd-cost">{card.cost}</span>
      <span className="sd-deck-name">{card.name}</span>
      <RegionIcons regions={card.regions} className="sd-deck-regions-small" />
      <span className="sd-deck-count">×{row.count}</span>
    </button>
  );
}
