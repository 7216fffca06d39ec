import type { CardRegion } from '@shared/contract';
import { StaticImage } from './StaticImage';

/**
 * A card-game region's icon from the cache; its two letters stand in until the icon is cached. `alt` is empty
 * where the region's name is written beside the icon.
 */
export function RegionIcon({
  region,
  alt = region.name,
  size = 'tiny',
  fallback = region.abbreviation,
  eager = false,
}: {
  region: CardRegion;
  alt?: string;
  size?: 'tiny' | 'full';
  fallback?: string;
  eager?: boolean;
}) {
  return (
    <StaticImage
      src={region.iconUrl}
      alt={alt}
      className={size === 'tiny' ? 'sd-region-icon tiny' : 'sd-region-icon'}
      fallback={fallback}
      eager={eager}
    />
  );
}

/** A card's regions as a row of tiny icons. */
export function RegionIcons({ regions, className }: { regions: CardRegion[]; className: string }) {
  return (
    <span className={className}>
      {regions.map((region) => (
        <RegionIcon key={region.nameRef} region={region} />
      ))}
    </span>
  );
}
