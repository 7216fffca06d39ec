import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { writeFileAtomic } from '../../../platform/fs/atomicFile';

/** A failure is `missing` (no file), `damaged` (not JSON, or not the expected shape), or neither (not readable). */
export type JsonRead<T> =
  { ok: true; value: T } | { ok: false; missing: boolean; damaged: boolean; message: string };

/** Reads and validates a JSON file; a missing file is told apart from a damaged one. */
export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
): Promise<JsonRead<z.output<S>>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      ok: false,
      missing,
      damaged: false,
      message: missing ? 'not cached' : 'the cached file cannot be read',
    };
  }
  return parseJsonText(text, schema);
}

export function parseJsonText<S extends z.ZodType>(text: string, schema: S): JsonRead<z.output<S>> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, missing: false, damaged: true, message: 'not valid JSON' };
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return {
      ok: false,
      missing: false,
      damaged: true,
      message: `unexpected content${where}: ${issue?.message ?? 'invalid'}`,
    };
  }
  return { ok: true, value: parsed.data };
}

/** Writes JSON so readers see the old file or the new one, creating the folder when needed. */
export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, JSON.stringify(value));
}
