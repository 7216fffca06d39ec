import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBEDDED_SNAPSHOT_ID,
  type ServerFrame,
  type StateMessage,
  type TrackedCardGame,
} from '@shared/contract';
import { cardInfo } from '../../tools/testkit/card/cardInfo';
import { get, nextFrames, openSocket } from '../../tools/testkit/host/hostClients';
import { startTestHost, TEST_TOKENS, type TestHost } from '../../tools/testkit/host/testHost';

const OPEN_TAG = `<script type="application/json" id="${EMBEDDED_SNAPSHOT_ID}">`;

/** The page's embedded snapshot as a browser reads it: the script's text up to the first `</script>`, parsed. */
function embeddedSnapshotOf(html: string): StateMessage | null {
  const start = html.indexOf(OPEN_TAG);
  if (start < 0) return null;
  const text = html.slice(start + OPEN_TAG.length, html.indexOf('</script>', start));
  return JSON.parse(text) as StateMessage;
}

// Closes the script, opens another and a comment: as an opponent's name, all of it must stay that name's text.
const HOSTILE = '</script><script>alert(1)</script><!--<script>';

describe('an overlay route’s page with its snapshot', () => {
  let test: TestHost;
  beforeAll(async () => {
    test = await startTestHost();
    const game: TrackedCardGame = {
      startedAt: 1_700_000_000_000,
      playerName: 'Sightline',
      opponentName: HOSTILE,
      deckCode: 'CEBAMAIAAE',
      mulligan: false,
      deck: [{ card: cardInfo('01DE012'), total: 3, left: 2 }],
      deckSize: 40,
      cardsLeft: 39,
      drawn: 1,
      inHand: 1,
      plays: [],
      opponentCards: [],
    };
    test.hub.set('card', { ...test.hub.state.card, phase: 'in-game', game });
  });
  afterAll(() => test.close());

  const pageAndFirstFrame = async (route: string, token: string) => {
    const page = await get(test.host.port, `/overlay/${route}?token=${token}`);
    const socket = openSocket(test.host.port, { token, route });
    const [frame] = await nextFrames(socket, 1);
    socket.close();
    return { page, frame: frame as ServerFrame };
  };

  it('holds exactly the first message the route’s socket sends, with either link', async () => {
    for (const route of ['opponent-cards', 'deck-tracker', 'arena', 'status']) {
      for (const token of [TEST_TOKENS.overlay, TEST_TOKENS.companion]) {
        const { page, frame } = await pageAndFirstFrame(route, token);
        expect(page.status, route).toBe(200);
        expect(page.headers['cache-control'], route).toBe('no-store');
        expect(frame.type === 'state' && frame.message.kind, route).toBe('snapshot');
        expect(embeddedSnapshotOf(page.body), route).toEqual(frame.type === 'state' ? frame.message : null);
      }
    }
  });

  it('carries none of the slices other routes draw', async () => {
    const deck = embeddedSnapshotOf((await pageAndFirstFrame('deck-tracker', TEST_TOKENS.overlay)).page.body);
    // The deck tracker draws the player's deck, never the opponent's name; the opponent's cards the other way round.
    expect(JSON.stringify(deck)).toContain('01DE012');
    expect(JSON.stringify(deck)).not.toContain('alert(1)');
    const opponent = embeddedSnapshotOf(
      (await pageAndFirstFrame('opponent-cards', TEST_TOKENS.overlay)).page.body,
    );
    expect(JSON.stringify(opponent)).not.toContain('01DE012');
    expect(JSON.stringify(opponent)).not.toContain('CEBAMAIAAE');
  });

  it('keeps a hostile string in the state inside the data block, read back unchanged', async () => {
    const { page } = await pageAndFirstFrame('opponent-cards', TEST_TOKENS.overlay);
    const snapshot = embeddedSnapshotOf(page.body);
    const state =
      snapshot?.kind === 'snapshot' ? (snapshot.state as { card: { game: TrackedCardGame } }) : null;
    expect(state?.card.game.opponentName).toBe(HOSTILE);
    const block = page.body.slice(page.body.indexOf(OPEN_TAG));
    // Nothing of the state opens a tag or a comment: the block's only `<` begins its own closing tag.
    expect(block.slice(0, block.indexOf('</script>') + '</script>'.length).match(/</g)).toHaveLength(2);
  });

  it('is only in an overlay route’s page, never in the companion’s', async () => {
    for (const path of ['/', '/history']) {
      const page = await get(test.host.port, `${path}?token=${TEST_TOKENS.companion}`);
      expect(page.body, path).not.toContain(EMBEDDED_SNAPSHOT_ID);
    }
  });
});
