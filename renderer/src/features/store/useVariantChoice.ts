import { useState } from 'react';

/**
 * The variant the buyer has picked of a product's variants: at first the first one in stock (else the
 * first). Undefined only for a product without variants.
 */
export function useVariantChoice<V extends { id: string; available: boolean | null }>(
  variants: readonly V[],
): [V | undefined, (id: string) => void] {
  const firstAvailable = variants.find((variant) => variant.available !== false) ?? variants[0];
  const [variantId, setVariantId] = useState(firstAvailable?.id ?? '');
  return [variants.find((candidate) => candidate.id === variantId) ?? firstAvailable, setVariantId];
}
