import type { LivePhase, LivePlayer } from '@shared/contract';

/**
 * The players as the game's own scoreboard shows them to the player at this computer. The live client lists
 * every player's ward (vision) score, but while a game runs the game shows only the player's own team's; the
 * other team's appears once the game is over. A spectator is on no team, so sees neither until the end.
 * Everything else the scoreboard carries (champion, level, K / D / A, CS, items, summoner spells, keystone,
 * respawn countdown) the game shows for both teams.
 */
export function playersShownInGame(roster: readonly LivePlayer[], phase: LivePhase): LivePlayer[] {
  if (phase === 'ended') return [...roster];
  const ownTeam = roster.find((player) => player.isLocal)?.team ?? null;
  return roster.map((player) =>
    player.wardScore === null || seesVisionOf(player, ownTeam) ? player : { ...player, wardScore: null },
  );
}

function seesVisionOf(player: LivePlayer, ownTeam: LivePlayer['team'] | null): boolean {
  if (player.isLocal) return true;
  // NEUTRAL is not a team: players the client puts there are each on their own.
  return ownTeam !== null && ownTeam !== 'NEUTRAL' && player.team === ownTeam;
}
