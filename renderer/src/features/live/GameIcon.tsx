import type { CSSProperties, ReactNode } from 'react';
import { hostAssetUrl } from '../../bridge/hostAssetUrl';
import { useImageFailure } from '../../state/useStaticData';
import { hueOf, initialsOf } from './scoreboardFormat';

interface GameIconProps {
  /** The image, or null to show the text tile. */
  src: string | null;
  /** What the icon is; also its tooltip and alt text. */
  label: string;
  /** What the text tile shows; the label's initials by default. */
  fallback?: ReactNode;
  className?: string;
  round?: boolean;
}

/**
 * An image from static data, or a tinted tile with letters when there is none (or it fails to load). A failed
 * image is tried again once the cached data changes, so an overlay opened before a sync fills in by itself.
 */
export function GameIcon({ src, label, fallback, className = '', round = false }: GameIconProps) {
  const image = useImageFailure(src);
  const classes = `game-icon ${round ? 'round ' : ''}${className}`;
  if (src && !image.failed) {
    return (
      <img className={classes} src={hostAssetUrl(src)} alt={label} title={label} onError={image.onError} />
    );
  }
  const style = { '--icon-hue': hueOf(label) } as CSSProperties;
  return (
    <span className={`${classes} text-icon`} style={style} title={label} role="img" aria-label={label}>
      {fallback ?? initialsOf(label)}
    </span>
  );
}
