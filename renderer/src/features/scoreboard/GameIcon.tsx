import { useState, type CSSProperties } from 'react';
import { hostAssetUrl } from '../../bridge/hostAssetUrl';
import { hueOf, initialsOf } from './scoreboardFormat';

interface GameIconProps {
  /** The image, or null to show the text tile. */
  src: string | null;
  /** What the icon is; also its tooltip and alt text. */
  label: string;
  /** Letters for the text tile; the label's initials by default. */
  fallback?: string;
  className?: string;
  round?: boolean;
}

/** An image from static data, or a tinted tile with letters when there is none (or it fails to load). */
export function GameIcon({ src, label, fallback, className = '', round = false }: GameIconProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = `game-icon ${round ? 'round ' : ''}${className}`;
  if (src && failed !== src) {
    return (
      <img
        className={classes}
        src={hostAssetUrl(src)}
        alt={label}
        title={label}
        onError={() => setFailed(src)}
      />
    );
  }
  const style = { '--icon-hue': hueOf(label) } as CSSProperties;
  return (
    <span className={`${classes} text-icon`} style={style} title={label} role="img" aria-label={label}>
      {fallback ?? initialsOf(label)}
    </span>
  );
}
