import { regionColor, regionName } from '../card/regions';

/** A deck's regions as coloured chips, with a short form of its code. */
export function DeckLabel({ deckCode, regions }: { deckCode: string | null; regions: string[] }) {
  if (!deckCode) return <span className="muted">Deck not read</span>;
  return (
    <span className="deck-label" title={deckCode}>
      {regions.map((region) => (
        <span key={region} className="region-chip" style={{ ['--region' as string]: regionColor(region) }}>
          {regionName(region)}
        </span>
      ))}
      <code className="deck-code-short">{deckCode.slice(0, 10)}…</code>
    </span>
  );
}
