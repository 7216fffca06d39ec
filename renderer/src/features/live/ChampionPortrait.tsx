import { memo } from 'react';
import { respawnSecondsAt, respawnTurnAt } from '@shared/contract/live';
import { useSecondText } from '../../ui/time/useNow';
import { GameIcon } from './GameIcon';
import { useIcons } from './iconResolver';
import { nameTileFontSize, samePortrait, type PortraitView } from './scoreboardFormat';

interface ChampionPortraitProps extends PortraitView {
  size?: 'small' | 'large';
}

function samePortraitProps(before: ChampionPortraitProps, after: ChampionPortraitProps): boolean {
  return before.size === after.size && samePortrait(before, after);
}

/**
 * The champion's image with its level, greyed with the respawn countdown while dead (as the game shows). Until
 * the image is there, a large portrait (its name written beside it) shows initials; a small one (the overlay
 * bar, no name beside it) writes the name itself in the square. Drawn again only when that changes (samePortrait):
 * a poll that moves a player's K / D / A leaves the portrait as it was.
 */
export const ChampionPortrait = memo(function ChampionPortrait({
  player,
  game,
  size = 'large',
}: ChampionPortraitProps) {
  const icons = useIcons();
  // Shown while dead; written as each of its seconds turns.
  const { ref: respawnRef, text: respawnText } = useSecondText<HTMLSpanElement>(
    respawnTurnAt(player, game),
    (now) => {
      const seconds = respawnSecondsAt(player, game, now);
      return seconds === null ? '' : String(Math.ceil(seconds));
    },
  );
  const name = player.championName || player.championKey;
  return (
    <span className={`champion-portrait ${size}${player.isDead ? ' dead' : ''}`}>
      <GameIcon
        src={icons.champion(player.championKey)}
        label={name}
        {...(size === 'small'
          ? {
              className: 'name-tile',
              fallback: (
                <span className="tile-name" style={{ fontSize: nameTileFontSize(name) }}>
                  {name}
                </span>
              ),
            }
          : {})}
      />
      <span className="portrait-level" data-testid="player-level">
        {player.level}
      </span>
      {player.isDead ? (
        <span ref={respawnRef} className="portrait-respawn" data-testid="player-respawn" title="Respawns in">
          {respawnText}
        </span>
      ) : null}
    </span>
  );
}, samePortraitProps);
