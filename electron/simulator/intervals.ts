import { z } from 'zod';

/** Spans of scenario time, `to` excluded; an open end lasts forever. */

const seconds = z.number().nonnegative();

export const intervalSchema = z
  .strictObject({ from: seconds, to: seconds.optional() })
  .refine((interval) => interval.to === undefined || interval.to > interval.from, {
    message: '"to" must be after "from"',
    path: ['to'],
  });
export type Interval = z.output<typeof intervalSchema>;

export function isWithin(intervals: readonly Interval[], t: number): boolean {
  return intervals.some((interval) => t >= interval.from && (interval.to === undefined || t < interval.to));
}
