import { createContext, useContext, type ReactNode } from 'react';
import { hostAssetUrl } from '../../../bridge/hostAssetUrl';
import { useImageFailure } from '../../../state/useStaticData';

/**
 * Where the match pages get champion, item, summoner-spell and rune icons: an injected resolver
 * (static data). Whatever it cannot answer, or an image that fails to load, is shown as text.
 */
export interface GameIcon {
  /** Same-origin image URL (static data serves /static-data/…). */
  src: string;
  /** The name, for alt text and tooltips. */
  name: string;
}

export interface MatchIconResolver {
  champion(championId: number, championName: string): GameIcon | null;
  item(itemId: number): GameIcon | null;
  summonerSpell(spellId: number): GameIcon | null;
  /** A rune or a rune tree by its ID (8112, 8300). */
  rune(runeId: number): GameIcon | null;
}

export const TEXT_ONLY_ICONS: MatchIconResolver = {
  champion: () => null,
  item: () => null,
  summonerSpell: () => null,
  rune: () => null,
};

const MatchIconContext = createContext<MatchIconResolver>(TEXT_ONLY_ICONS);

export function MatchIconsProvider({
  resolver,
  children,
}: {
  resolver: MatchIconResolver;
  children: ReactNode;
}) {
  return <MatchIconContext.Provider value={resolver}>{children}</MatchIconContext.Provider>;
}

export function useMatchIcons(): MatchIconResolver {
  return useContext(MatchIconContext);
}

/** Summoner spells by ID, for the text fallback (the IDs are fixed; names come from static data otherwise). */
const SPELL_NAMES: Record<number, string> = {
  1: 'Cleanse',
  3: 'Exhaust',
  4: 'Flash',
  6: 'Ghost',
  7: 'Heal',
  11: 'Smite',
  12: 'Teleport',
  13: 'Clarity',
  14: 'Ignite',
  21: 'Barrier',
  32: 'Mark',
};

/** A champion's display name when the record has only its ID name ("MonkeyKing") or nothing (v4). */
export function championText(championId: number, championName: string): string {
  return championName ? championName.replace(/([a-z])([A-Z])/g, '$1 $2') : `Champion ${championId}`;
}

function IconImage({
  icon,
  className,
  fallback,
}: {
  icon: GameIcon | null;
  className: string;
  fallback: ReactNode;
}) {
  const image = useImageFailure(icon?.src ?? null);
  if (!icon || image.failed) return <>{fallback}</>;
  return (
    <img
      className={className}
      src={hostAssetUrl(icon.src)}
      alt={icon.name}
      title={icon.name}
      onError={image.onError}
    />
  );
}

export function ChampionIcon({ championId, championName }: { championId: number; championName: string }) {
  const icon = useMatchIcons().champion(championId, championName);
  const name = icon?.name ?? championText(championId, championName);
  return (
    <span className="champion" data-testid="champion">
      <IconImage
        icon={icon}
        className="icon champion-icon"
        fallback={
          <span className="icon champion-icon text-icon" aria-hidden="true">
            {championName ? name.slice(0, 2) : String(championId).slice(0, 3)}
          </span>
        }
      />
      <span className="champion-name">{name}</span>
    </span>
  );
}

export function ItemSlot({ itemId }: { itemId: number }) {
  const icon = useMatchIcons().item(itemId);
  if (itemId === 0) return <span className="icon item-icon empty" aria-label="empty slot" />;
  return (
    <IconImage
      icon={icon}
      className="icon item-icon"
      fallback={
        // An ID means nothing to a player: without the item in the cached data the slot stays blank.
        <span
          className="icon item-icon text-icon unknown"
          role="img"
          aria-label="An item not in the cached game data"
          title="An item not in the cached game data: sync it on the Data page for names and pictures"
          data-testid="item-text"
        />
      }
    />
  );
}

export function SpellIcon({ spellId }: { spellId: number }) {
  const icon = useMatchIcons().summonerSpell(spellId);
  const name = SPELL_NAMES[spellId] ?? (spellId ? `Spell ${spellId}` : '');
  if (!spellId) return <span className="icon spell-icon empty" />;
  return (
    <IconImage
      icon={icon}
      className="icon spell-icon"
      fallback={
        <span className="icon spell-icon text-icon" title={name}>
          {name.slice(0, 2)}
        </span>
      }
    />
  );
}

/** The keystone and the secondary tree. Without static data there is no name to show, so nothing is. */
export function RuneIcons({ keystone, secondaryTree }: { keystone: number; secondaryTree: number }) {
  const icons = useMatchIcons();
  const shown = [
    { icon: keystone ? icons.rune(keystone) : null, className: 'icon rune-icon keystone' },
    { icon: secondaryTree ? icons.rune(secondaryTree) : null, className: 'icon rune-icon secondary-tree' },
  ].filter((entry) => entry.icon !== null);
  if (shown.length === 0) return null;
  return (
    <span className="rune-pair" data-testid="runes">
      {shown.map((entry) => (
        <IconImage key={entry.className} icon={entry.icon} className={entry.className} fallback={null} />
      ))}
    </span>
  );
}
