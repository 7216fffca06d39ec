import { z } from 'zod';

/**
 * A rate limiter's buckets as plain data, so another process on the same key carries on counting where this
 * one stopped: each bucket's limits, answer-time log, calls others made, pause and whether the server has
 * told the limits yet. Times are milliseconds on the clock of whoever holds the ledger.
 */
const windowSchema = z.object({ limit: z.number().int().positive(), windowMs: z.number().positive() });
const timeSchema = z.number().finite();

const bucketSchema = z.object({
  limits: z.array(windowSchema),
  confirmed: z.boolean(),
  done: z.array(timeSchema),
  extra: z.array(
    z.object({
      windowMs: z.number().positive(),
      runs: z.array(z.object({ at: timeSchema, count: z.number().int().positive() })),
    }),
  ),
  pausedUntil: timeSchema,
  pauseScope: z.enum(['application', 'method', 'service', 'backoff']).nullable(),
});

const ledgerSchema = z.object({
  version: z.literal(1),
  buckets: z.array(
    z.object({
      app: z.boolean(),
      target: z.object({
        routing: z.string(),
        method: z.string(),
        label: z.string(),
        bearer: z.boolean().optional(),
      }),
      bucket: bucketSchema,
    }),
  ),
});

export type BucketLedger = z.infer<typeof bucketSchema>;
export type RateLedger = z.infer<typeof ledgerSchema>;

/** The ledger in a file's text; null when it is not one (a torn or foreign file: start from what we know). */
export function parseRateLedger(text: string): RateLedger | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ledgerSchema.safeParse(json);
  if (!parsed.success) return null;
  // Logs must ascend: the buckets search them by halving.
  const ascending = (times: number[]) =>
    times.every((time, index) => index === 0 || time >= (times[index - 1] ?? time));
  const sorted = parsed.data.buckets.every(
    ({ bucket }) =>
      ascending(bucket.done) && bucket.extra.every((window) => ascending(window.runs.map((run) => run.at))),
  );
  return sorted ? parsed.data : null;
}

/** The same ledger on another clock: every time moved by `deltaMs`. */
export function shiftRateLedger(ledger: RateLedger, deltaMs: number): RateLedger {
  return {
    version: 1,
    buckets: ledger.buckets.map(({ app, target, bucket }) => ({
      app,
      target,
      bucket: {
        ...bucket,
        done: bucket.done.map((time) => time + deltaMs),
        extra: bucket.extra.map(({ windowMs, runs }) => ({
          windowMs,
          runs: runs.map((run) => ({ at: run.at + deltaMs, count: run.count })),
        })),
        pausedUntil: bucket.pausedUntil === 0 ? 0 : bucket.pausedUntil + deltaMs,
      },
    })),
  };
}
