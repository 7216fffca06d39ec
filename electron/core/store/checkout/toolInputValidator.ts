import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type InputCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks tool arguments against the inputSchema the store listed (JSON Schema 2020-12, the dialect
 * Shopify publishes) before anything is sent. A schema that cannot be compiled is not ours to fix:
 * the store validates server-side anyway, so it is skipped rather than blocking the buyer.
 */
export function createToolInputValidator(): {
  check(toolName: string, schema: unknown, args: unknown): InputCheck;
} {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const compiled = new Map<unknown, ValidateFunction | null>();

  const compile = (schema: unknown): ValidateFunction | null => {
    if (compiled.has(schema)) return compiled.get(schema) ?? null;
    let validate: ValidateFunction | null = null;
    if (typeof schema === 'object' && schema !== null) {
      try {
        validate = ajv.compile(schema);
      } catch {
        validate = null;
      }
    }
    compiled.set(schema, validate);
    return validate;
  };

  return {
    check(toolName, schema, args) {
      const validate = compile(schema);
      if (!validate || validate(args)) return { ok: true };
      return { ok: false, reason: `${toolName}: ${describe(validate.errors?.[0])}` };
    },
  };
}

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'the input does not match the store’s schema';
  const where = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : 'input';
  return `${where} ${error.message ?? 'is invalid'}`;
}
