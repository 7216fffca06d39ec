import type { DeckRecord } from '@shared/contract';
import { DeckLabel } from './DeckLabel';

/** Each of the user's decks: games, wins and losses over the dates and opponent filtered. Click to filter by it. */
export function DeckRecords({
  decks,
  selected,
  onSelect,
}: {
  decks: DeckRecord[];
  selected: string;
  onSelect(deck: string): void;
}) {
  return (
    <section className="panel deck-records" aria-labelledby="deck-records-title">
      <h2 id="deck-records-title">Your decks</h2>
      {decks.length === 0 ? (
        <p className="muted">No games in this range.</p>
      ) : (
        <table className="history-table" data-testid="deck-records">
          <thead>
            <tr>
              <th scope="col">Deck</th>
              <th scope="col" className="num">
                Games
              </th>
              <th scope="col" className="num">
                W
              </th>
              <th scope="col" className="num">
                L
              </th>
            </tr>
          </thead>
          <tbody>
            {decks.map((deck) => {
              const value = deck.deckCode ?? 'none';
              return (
                <tr
                  key={value}
                  className={selected === value ? 'selected clickable' : 'clickable'}
                  onClick={() => onSelect(selected === value ? 'all' : value)}
                  data-testid="deck-record"
                >
                  <td>
                    <DeckLabel
                      deckCode={deck.deckCode}
                      regions={deck.deckRegions}
                      champions={deck.deckChampions}
                    />
                  </td>
                  <td className="num">{deck.games}</td>
                  <td className="num record-wins">{deck.wins}</td>
                  <td className="num record-losses">{deck.losses}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
