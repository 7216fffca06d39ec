import type { StoreImage } from '@shared/contract';
import { useContractQuery } from '../../state/contractQueries';

/** A catalog image, fetched by the core and shown as a data: URL (the page loads no other sites' images). */
export function StoreImageView({ image, className }: { image: StoreImage; className?: string }) {
  const data = useContractQuery(
    'store.catalog.image',
    { src: image.src },
    { staleTime: Infinity, retry: false },
  );
  const classes = className ? `store-image ${className}` : 'store-image';
  if (!data.data) {
    return <div className={`${classes} placeholder`} role="img" aria-label={image.alt} />;
  }
  return (
    <img
      className={classes}
      src={data.data.dataUrl}
      alt={image.alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
    />
  );
}
