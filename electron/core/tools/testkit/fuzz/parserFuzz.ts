import fc from 'fast-check';
import { it } from 'vitest';
import type { z } from 'zod';
import { fuzzFiguresWanted, fuzzRuns } from './fuzzRuns';

/**
 * One harness for every parser of outside input. Each case must: let no exception escape, finish within
 * the parser's time cap, answer a value that is plain data within the parser's result schema, or refuse
 * the input in words. `npm test` runs DEFAULT_FUZZ_RUNS cases per parser; `npm run fuzz` runs 10,000
 * (vitest.config.ts) and prints `<parser>: <cases> cases, <cases/s> cases/s, <failures> failures`. A run stops
 * at its first failing case and shrinks it, so failures is 0 or 1 and cases counts those run until then.
 */

/** A parser's answer in one shape: its value, or why the input was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export interface ParserFuzz<I, O> {
  /** The parser as the figures name it. */
  name: string;
  /** Fully random input and mutations of valid samples (fuzzInputs.ts). */
  inputs: fc.Arbitrary<I>;
  /**
   * The parser's public entry with its own result mapped to Parsed. A refusal the parser is designed to
   * throw (StoreFailure) is mapped there; anything else it throws escapes and fails the case.
   */
  parse(input: I): Parsed<O> | Promise<Parsed<O>>;
  /** Why an accepted value is outside the parser's result schema, or null. */
  outputProblem(value: O, input: I): string | null;
  /** A case slower than this (twice) is a hang; DEFAULT_TIME_CAP_MS unless the parser needs the disk. */
  timeCapMs?: number;
}

// A hang (catastrophic backtracking, an endless loop) takes seconds of CPU; a normal case takes a few ms.
export const DEFAULT_TIME_CAP_MS = 200;
/** An async parse still pending after this many caps is given up on. */
const GIVE_UP_FACTOR = 20;
/** A refusal is a sentence, not a dump of the input it refused. */
export const MAX_REFUSAL_CHARS = 2000;
const SEED_VARIABLE = 'SIGHTLINE_FUZZ_SEED';

export function fuzzParser<I, O>(fuzz: ParserFuzz<I, O>): void {
  const runs = fuzzRuns();
  const cap = fuzz.timeCapMs ?? DEFAULT_TIME_CAP_MS;
  const seed = process.env[SEED_VARIABLE];
  it(
    `${fuzz.name}: no exception, no hang, output in its schema, refusals in words (${runs} cases)`,
    async () => {
      const started = performance.now();
      const details = await fc.check(
        fc.asyncProperty(fuzz.inputs, async (input) => {
          const problem = await caseProblem(fuzz, input, cap);
          if (problem !== null) throw new Error(problem);
        }),
        { numRuns: runs, ...(seed ? { seed: Number(seed) } : {}) },
      );
      const seconds = (performance.now() - started) / 1000;
      if (fuzzFiguresWanted()) {
        console.log(fuzzFigures(fuzz.name, details.numRuns, seconds, details.failed ? 1 : 0));
      }
      if (details.failed) throw new Error(failureReport(fuzz.name, details, runs));
    },
    Math.max(20_000, runs * cap),
  );
}

export function fuzzFigures(name: string, cases: number, seconds: number, failures: number): string {
  const rate = seconds > 0 ? Math.round(cases / seconds) : cases;
  return `${name}: ${cases} cases, ${rate} cases/s, ${failures} failures`;
}

type Timed<O> =
  { kind: 'done'; parsed: Parsed<O>; ms: number } | { kind: 'threw'; error: unknown } | { kind: 'gave-up' };

/** Why one case fails, or null. */
export async function caseProblem<I, O>(
  fuzz: ParserFuzz<I, O>,
  input: I,
  cap: number,
): Promise<string | null> {
  const first = await timedParse(fuzz, input, cap);
  let timed = first;
  if (first.kind === 'done' && first.ms > cap) {
    // Timed once more before it counts as a hang: a garbage collection or a busy machine can stall one call.
    timed = await timedParse(fuzz, input, cap);
    if (timed.kind === 'done' && timed.ms > cap) {
      return `took ${Math.round(Math.min(first.ms, timed.ms))} ms, over its ${cap} ms cap (a hang)`;
    }
  }
  if (timed.kind === 'threw') return `an exception escaped: ${describeError(timed.error)}`;
  if (timed.kind === 'gave-up') return `did not finish within ${cap * GIVE_UP_FACTOR} ms (a hang)`;
  const { parsed } = timed;
  if (!parsed.ok) return refusalProblem(parsed.message);
  // Plain data in, plain data out: a NaN handed in (never over the wire) may pass through a loose schema.
  const dataOut = dataProblem(input, { bytes: true }) === null ? dataProblem(parsed.value) : null;
  return dataOut ?? fuzz.outputProblem(parsed.value, input);
}

/**
 * A case's time is the CPU time this process spent on it: a runaway computation spends it, while a machine
 * busy with other processes (CI's two cores, test files run side by side) only makes the case wait for the CPU.
 * A parse that waits forever instead is caught by the give-up guard, in wall time.
 */
async function timedParse<I, O>(fuzz: ParserFuzz<I, O>, input: I, cap: number): Promise<Timed<O>> {
  const started = process.cpuUsage();
  try {
    const answer = fuzz.parse(input);
    const parsed = answer instanceof Promise ? await settleWithin(answer, cap * GIVE_UP_FACTOR) : answer;
    if (parsed === null) return { kind: 'gave-up' };
    const spent = process.cpuUsage(started);
    return { kind: 'done', parsed, ms: (spent.user + spent.system) / 1000 };
  } catch (error) {
    return { kind: 'threw', error };
  }
}

async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, givenUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why a refusal is not reported in words, or null. */
export function refusalProblem(message: unknown): string | null {
  if (typeof message !== 'string') return `the refusal is a ${typeof message}, not a sentence`;
  if (!/\p{L}{2,}/u.test(message)) return `the refusal ${JSON.stringify(message.slice(0, 80))} has no words`;
  if (message.length > MAX_REFUSAL_CHARS) {
    return `the refusal runs to ${message.length} characters: ${JSON.stringify(message.slice(0, 120))}…`;
  }
  return null;
}

/**
 * Why a value is not plain data (what crosses IPC and the WebSocket, and what is stored): finite numbers,
 * strings, booleans, null, arrays, plain objects and maps of those. Walked without recursion.
 */
export function dataProblem(value: unknown, allow: { bytes?: boolean } = {}): string | null {
  // Each node keeps its parent and key: a path is spelled out only for the report, so deep values stay linear.
  type Node = { value: unknown; parent: Node | null; key: string };
  const spell = (node: Node): string => {
    const keys: string[] = [];
    for (let step: Node | null = node; step; step = step.parent) keys.push(step.key);
    const path = keys.reverse().join('');
    return path.length > 200 ? `${path.slice(0, 80)}…${path.slice(-80)}` : path;
  };
  const stack: Node[] = [{ value, parent: null, key: 'the value' }];
  const seen = new Set<object>();
  for (let node = stack.pop(); node; node = stack.pop()) {
    const current = node.value;
    switch (typeof current) {
      case 'string':
      case 'boolean':
      case 'undefined':
        continue;
      case 'number':
        if (!Number.isFinite(current)) return `${spell(node)} is ${current}, which does not survive JSON`;
        continue;
      case 'object':
        break;
      default:
        return `${spell(node)} is a ${typeof current}`;
    }
    if (current === null || seen.has(current) || (allow.bytes && current instanceof Uint8Array)) continue;
    seen.add(current);
    const parent = node;
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, parent, key: `[${index}]` }));
    } else if (current instanceof Map) {
      for (const [key, item] of current) {
        stack.push({ value: key, parent, key: ' key' }, { value: item, parent, key: `.get(${String(key)})` });
      }
    } else {
      const prototype: unknown = Object.getPrototypeOf(current);
      if (prototype !== Object.prototype && prototype !== null) return `${spell(node)} is not a plain object`;
      for (const [key, item] of Object.entries(current)) stack.push({ value: item, parent, key: `.${key}` });
    }
  }
  return null;
}

/** Why a value does not fit `schema`, in words, or null. */
export function schemaProblem(schema: z.ZodType, value: unknown): string | null {
  const checked = schema.safeParse(value);
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  return `the output is outside its schema at ${issue?.path.join('.') || 'the top'}: ${issue?.message ?? 'invalid'}`;
}

/** A zod read as Parsed, the first issue in words (what the app's own messages quote). */
export function parsedBy<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const read = schema.safeParse(input);
  if (read.success) return { ok: true, value: read.data };
  const issue = read.error.issues[0];
  return { ok: false, message: `${issue?.path.join('.') || 'the body'}: ${issue?.message ?? 'invalid'}` };
}

/** A short, safe picture of an input for a failure report (deep or huge inputs included). */
export function describeInput(input: unknown): string {
  const clip = (text: string): string =>
    text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text;
  if (input instanceof Uint8Array) {
    const head = Buffer.from(input.subarray(0, 120)).toString('hex');
    return `${input.length} bytes: ${head}${input.length > 120 ? '…' : ''}`;
  }
  if (typeof input === 'string') return clip(JSON.stringify(input));
  try {
    return clip(JSON.stringify(input) ?? String(input));
  } catch {
    const keys =
      typeof input === 'object' && input !== null ? Object.keys(input).slice(0, 20).join(', ') : '';
    return `a ${Array.isArray(input) ? 'list' : typeof input} too deep to print (${keys})`;
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const where = error.stack?.split('\n').slice(1, 4).join(' / ').trim() ?? '';
  return `${error.name}: ${error.message}${where ? ` (${where})` : ''}`;
}

function failureReport<I>(name: string, details: fc.RunDetails<[I]>, runs: number): string {
  const error = details.errorInstance;
  const problem =
    error instanceof Error ? error.message : details.interrupted ? 'interrupted' : String(error);
  const input = details.counterexample ? describeInput(details.counterexample[0]) : 'none';
  return [
    `${name}: ${problem}`,
    `input (shrunk ${details.numShrinks} times): ${input}`,
    `again: ${SEED_VARIABLE}=${details.seed} SIGHTLINE_FUZZ_RUNS=${runs} npx vitest run <this file>`,
  ].join('\n');
}
