import { z } from 'zod';

/**
 * The publisher's omission rule for outside JSON: an absent number means 0, an absent list is empty,
 * an absent string is empty. Present values of the wrong type still fail, so bad data is seen.
 */
export const num = () => z.number().default(0);
export const int = () => z.number().int().default(0);
export const str = () => z.string().default('');
export const bool = () => z.boolean().default(false);
export const list = <T extends z.ZodType>(item: T) => z.array(item).default([]);

/**
 * A legacy field read only when its successor is empty (summonerName where riotId is missing, older
 * patches): never relied on alone, so its absence is no drift (schemaExpectations.ts reads the mark).
 */
export const fallback = <T extends z.ZodType>(schema: T): T => schema.meta({ fallback: true });

/** Whether a schema carries the fallback mark. */
export const isFallback = (schema: z.ZodType): boolean => schema.meta()?.fallback === true;
