import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { linearRegExp } from './linearRegExp';
import { checkToolSchema } from './toolSchemaSafety';

/** `unsafeSchema`: the store's schema itself was refused, so the tool cannot be used at all. */
export type InputCheck = { ok: true } | { ok: false; reason: string; unsafeSchema: boolean };

type Compiled =
  { kind: 'validate'; validate: ValidateFunction } | { kind: 'skip' } | { kind: 'unsafe'; reason: string };

/**
 * Checks tool arguments against the inputSchema the store listed (JSON Schema 2020-12, the dialect
 * Shopify publishes) before anything is sent. A schema that is unsafe to compile (see toolSchemaSafety)
 * makes its tool unusable. A schema that merely cannot be compiled is not ours to fix: the store
 * validates server-side anyway, so it is skipped rather than blocking the buyer.
 */
export function createToolInputValidator(): {
  check(toolName: string, schema: unknown, args: unknown): InputCheck;
} {
  // Every pattern runs on RE2: the store writes them, and they run in the main process.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    validateFormats: true,
    code: { regExp: linearRegExp },
  });
  addFormats(ajv);
  const compiled = new Map<unknown, Compiled>();

  const compile = (schema: unknown): Compiled => {
    if (typeof schema !== 'object' || schema === null) return { kind: 'skip' };
    const known = compiled.get(schema);
    if (known) return known;
    const safety = checkToolSchema(schema);
    let result: Compiled;
    if (!safety.ok) {
      result = { kind: 'unsafe', reason: safety.problem };
    } else {
      try {
        result = { kind: 'validate', validate: ajv.compile(safety.schema) };
      } catch {
        result = { kind: 'skip' };
      }
    }
    compiled.set(schema, result);
    return result;
  };

  return {
    check(toolName, schema, args) {
      const result = compile(schema);
      if (result.kind === 'unsafe') {
        return {
          ok: false,
          unsafeSchema: true,
          reason: `the store’s input schema for ${toolName} was refused as unsafe: ${result.reason}`,
        };
      }
      if (result.kind === 'skip' || result.validate(args)) return { ok: true };
      return {
        ok: false,
        unsafeSchema: false,
        reason: `${toolName}: ${describe(result.validate.errors?.[0])}`,
      };
    },
  };
}

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'the input does not match the store’s schema';
  const where = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : 'input';
  return `${where} ${error.message ?? 'is invalid'}`;
}
