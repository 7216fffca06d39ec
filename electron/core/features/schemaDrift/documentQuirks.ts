/**
 * Where the arena client's published API descriptions differ from the responses it really sends, each with
 * where that was seen. The comparison reads a property listed here as the responses are read: a
 * `letter-case` property by its name in any letter case, an `undescribed` one as never missing (its type,
 * when the document states one, is still compared).
 */

export interface DocumentQuirk {
  /** The operation's path; the quirk holds for its GET and POST bodies alike. */
  path: string;
  /** The property as Sightline reads it, a key of expectedSchema.json (`abilities.Q`, `[].summonerName`). */
  property: string;
  quirk: 'letter-case' | 'undescribed';
  /** What the document says instead, and where the document and the responses were seen. */
  source: string;
}

const LIVE_DOCUMENT = 'AlsoSylv/Irelia schemas/game_schema.json (the client’s /swagger/v3/openapi.json)';
const REPLAY_DOCUMENT = 'AlsoSylv/Irelia schemas/replay.json (the document served during a replay)';
const RENDER_FIELDS = 'RiotGames/leaguedirector leaguedirector/api.py (Render fields), local-apis.md §1.1';

const undescribedRenderField = (property: string, since: string): DocumentQuirk => ({
  path: '/replay/render',
  property,
  quirk: 'undescribed',
  source: `${REPLAY_DOCUMENT} lists no ${property}; the client reads and sends it (${RENDER_FIELDS}${since})`,
});

const ability = (property: string): DocumentQuirk => ({
  path: '/liveclientdata/activeplayer',
  property: `abilities.${property}`,
  quirk: 'letter-case',
  source: `${LIVE_DOCUMENT} names it ${property.toLowerCase()}; responses send ${property} (local-apis.md §2.1)`,
});

export const DOCUMENT_QUIRKS: readonly DocumentQuirk[] = [
  {
    path: '/liveclientdata/eventdata',
    property: 'Events',
    quirk: 'letter-case',
    source: `${LIVE_DOCUMENT} names it events; responses send {"Events": […]} (local-apis.md §2.2, Irelia in_game/types.rs)`,
  },
  ...['Passive', 'Q', 'W', 'E', 'R'].map(ability),
  {
    path: '/liveclientdata/playerlist',
    property: '[].summonerName',
    quirk: 'undescribed',
    source: `${LIVE_DOCUMENT} lists only riotId, riotIdGameName, riotIdTagLine; older patches send summonerName (local-apis.md §2.1)`,
  },
  {
    path: '/liveclientdata/activeplayer',
    property: 'summonerName',
    quirk: 'undescribed',
    source: `${LIVE_DOCUMENT} lists only riotId, riotIdGameName, riotIdTagLine; older patches send summonerName (local-apis.md §2.1)`,
  },
  ...['cameraLockX', 'cameraLockY', 'cameraLockZ', 'champions', 'minions'].map((field) =>
    undescribedRenderField(field, ''),
  ),
  undescribedRenderField('simulateAllParticlesWhileOffScreen', '; added in League Director PR #85'),
];

/** The quirk of a property of a path, if the published documents have one. */
export function quirkOf(
  path: string,
  property: string,
  quirks: readonly DocumentQuirk[] = DOCUMENT_QUIRKS,
): DocumentQuirk | undefined {
  return quirks.find((quirk) => quirk.path === path && quirk.property === property);
}
