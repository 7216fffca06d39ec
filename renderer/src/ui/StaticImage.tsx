import type { ReactNode } from 'react';
import { hostAssetUrl } from '../bridge/hostAssetUrl';
import { useImageFailure } from '../state/useStaticData';

/**
 * An image from the cache (a `/static-data/…` URL). The host answers 404 for what is neither cached nor fetchable
 * (offline); then, or without a URL at all, the fallback shows instead of a broken image, until the cached data
 * changes and the image is tried again.
 */
export function StaticImage({
  src,
  alt,
  className,
  fallback,
  eager = false,
  testId,
}: {
  src: string | null;
  alt: string;
  className?: string;
  fallback?: ReactNode;
  eager?: boolean;
  testId?: string;
}) {
  const image = useImageFailure(src);
  if (!src || image.failed) {
    return (
      <span
        className={`sd-image-fallback ${className ?? ''}`}
        role="img"
        aria-label={alt}
        data-testid={testId}
      >
        {fallback ?? alt}
      </span>
    );
  }
  return (
    <img
      src={hostAssetUrl(src)}
      alt={alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      onError={image.onError}
      data-testid={testId}
    />
  );
}
