import { regionColor, regionName } from '../card/regions';
import { CopyButton } from '../tournament/CopyButton';
import { deckName } from './deckName';

interface DeckLabelProps {
  deckCode: string | null;
  regions: string[];
  champions: string[];
}

/** A deck by its champions and its regions' chips; its code on hover, with a button that copies it. */
export function DeckLabel({ deckCode, regions, champions }: DeckLabelProps) {
  if (!deckCode) return <span className="muted">Deck not read</span>;
  return (
    <span className="deck-label" title={deckCode} data-testid="deck-label">
      {champions.length > 0 ? (
        <span className="deck-name" data-testid="deck-name">
          {deckName({ deckChampions: champions, deckRegions: regions })}
        </span>
      ) : null}
      {regions.map((region) => (
        <span key={region} className="region-chip" style={{ ['--region' as string]: regionColor(region) }}>
          {regionName(region)}
        </span>
      ))}
      {/* Copying the code is not opening the row it sits in. */}
      <span className="deck-copy" onClick={(event) => event.stopPropagation()}>
        <CopyButton value={deckCode} label="Copy deck code" />
      </span>
    </span>
  );
}
