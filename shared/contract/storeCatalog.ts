import type { z } from 'zod';

/** The merch store's read-only catalog: request/response only (no pushed state). */
export const storeCatalogRequestInputSchemas = {} as const satisfies Record<string, z.ZodType>;

export type StoreCatalogRequestOutputs = Record<never, never>;
