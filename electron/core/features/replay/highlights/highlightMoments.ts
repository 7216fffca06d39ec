import type { LivePlayer } from '@shared/contract';
import type {
  HighlightClip,
  HighlightKind,
  HighlightMoment,
  HighlightOptions,
} from '@shared/contract/highlights';
import { describeEvent, type FeedContext } from '../../live/feedSentences';
import type { LiveEvent } from '../../live/liveEvents';
import { indexPlayerNames } from '../../live/liveRoster';

/** Which kind of moment each event is; the rest (spawns, respawns, the game's start and end) are not highlights. */
const KIND_OF_EVENT: Partial<Record<LiveEvent['name'], HighlightKind>> = {
  ChampionKill: 'kills',
  Multikill: 'multikills',
  FirstBlood: 'firstBlood',
  Ace: 'aces',
  DragonKill: 'objectives',
  HeraldKill: 'objectives',
  BaronKill: 'objectives',
  HordeKill: 'objectives',
  AtakhanKill: 'objectives',
  TurretKilled: 'objectives',
  InhibKilled: 'objectives',
};

/**
 * The replay's moments of the kinds asked for, in game order, each worded as the event feed words it and
 * with the player to follow: the killer (the objective's killer, first blood's recipient, the acer), or the
 * victim when no player made the kill (a turret, a minion).
 */
export function pickMoments(
  events: readonly LiveEvent[],
  players: readonly LivePlayer[],
  kinds: readonly HighlightKind[],
  mapNumber = 11,
): HighlightMoment[] {
  const wanted = new Set(kinds);
  const byName = indexPlayerNames(players);
  const context: FeedContext = { players: byName, mapNumber, spectator: true };
  const moments: HighlightMoment[] = [];
  for (const event of [...events].sort((a, b) => a.time - b.time || a.id - b.id)) {
    const kind = KIND_OF_EVENT[event.name];
    if (!kind || !wanted.has(kind)) continue;
    const entry = describeEvent(event, context);
    const follow = [entry.actor, entry.victim].find((actor) => actor?.championName != null)?.name ?? null;
    moments.push({ time: event.time, kind, label: entry.text, follow });
  }
  return moments;
}

/**
 * One clip per run of moments whose windows (from `before` seconds ahead of each to `after` seconds past
 * it, within the replay) overlap or touch: a double kill and the ace it makes are one clip, not three.
 */
export function mergeMoments(
  moments: readonly HighlightMoment[],
  { before, after }: Pick<HighlightOptions, 'before' | 'after'>,
  length: number,
): HighlightClip[] {
  const clips: HighlightClip[] = [];
  for (const moment of [...moments].sort((a, b) => a.time - b.time)) {
    const start = Math.max(0, moment.time - before);
    const end = Math.min(length, moment.time + after);
    const last = clips.at(-1);
    if (last && start <= last.end) {
      last.end = Math.max(last.end, end);
      last.moments.push(moment);
      continue;
    }
    // A moment at the replay's very end still gets a clip that ends after it starts.
    clips.push({ id: clipId(moment), start, end: Math.max(end, start + 1), moments: [moment] });
  }
  return clips;
}

const clipId = (moment: HighlightMoment): string => `${moment.kind}-${moment.time.toFixed(1)}`;

/** The clip's moments as one line: "Ahri killed Garen; Ahri scored a double kill". */
export const clipEvent = (clip: Pick<HighlightClip, 'moments'>): string =>
  clip.moments.map((moment) => moment.label).join('; ');
