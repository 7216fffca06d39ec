import { respawnSecondsAt, type LiveGameState, type LivePlayer } from '@shared/contract';
import { GameIcon } from './GameIcon';
import { useIcons } from './iconResolver';
import { useLiveNow } from './useLiveNow';

interface ChampionPortraitProps {
  player: Pick<LivePlayer, 'championKey' | 'championName' | 'level' | 'isDead' | 'respawnTimer'>;
  game: Pick<LiveGameState, 'phase' | 'clock'>;
  size?: 'small' | 'large';
}

/** The champion's image with its level, greyed with the respawn countdown while dead (as the game shows). */
export function ChampionPortrait({ player, game, size = 'large' }: ChampionPortraitProps) {
  const icons = useIcons();
  const now = useLiveNow(player.isDead && game.phase === 'in-game');
  const respawn = respawnSecondsAt(player, game, now);
  return (
    <span className={`champion-portrait ${size}${player.isDead ? ' dead' : ''}`}>
      <GameIcon src={icons.champion(player.championKey)} label={player.championName || player.championKey} />
      <span className="portrait-level" data-testid="player-level">
        {player.level}
      </span>
      {respawn !== null ? (
        <span className="portrait-respawn" data-testid="player-respawn" title="Respawns in">
          {Math.ceil(respawn)}
        </span>
      ) : null}
    </span>
  );
}
