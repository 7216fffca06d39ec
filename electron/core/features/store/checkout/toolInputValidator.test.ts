import { describe, expect, it } from 'vitest';
import { UCP_TOOLS } from '../../../../simulator/store/ucpToolSchemas';
import { createToolInputValidator } from './toolInputValidator';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const objectOf = (properties: Record<string, unknown>) => ({ $schema: DIALECT, type: 'object', properties });

function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return { $schema: DIALECT, ...schema };
}

describe('tool input validator', () => {
  it('compiles the simulator store’s schemas and checks arguments against them', () => {
    const validator = createToolInputValidator();
    for (const tool of UCP_TOOLS) {
      // Refused for the missing meta, so the schema was compiled, not skipped.
      expect(validator.check(tool.name, tool.inputSchema, {})).toMatchObject({
        ok: false,
        unsafeSchema: false,
        reason: expect.stringContaining('meta'),
      });
    }
    const search = UCP_TOOLS.find((tool) => tool.name === 'search_catalog');
    const meta = { 'ucp-agent': { profile: 'https://agent.example/profile.json' } };
    expect(
      validator.check('search_catalog', search?.inputSchema, { meta, catalog: { query: 'poro' } }),
    ).toEqual({
      ok: true,
    });
  });

  it.each([
    [
      'over the size cap',
      objectOf(
        Object.fromEntries(
          Array.from({ length: 2000 }, (_, i) => [
            `field_${i}`,
            { type: 'string', description: 'x'.repeat(40) },
          ]),
        ),
      ),
      { field_1: 'a' },
      /larger than 64 KiB/,
    ],
    ['over the depth cap', nested(40), { a: { a: {} } }, /nested deeper than 64 levels/],
    [
      'uniqueItems over objects without maxItems',
      objectOf({ tags: { type: 'array', uniqueItems: true, items: { type: 'object' } } }),
      { tags: [{ a: 1 }, { a: 2 }] },
      /slow to validate at properties\.tags .*maxItems/,
    ],
    [
      'patternProperties without a bound on property names',
      objectOf({ extra: { type: 'object', patternProperties: { '^x-': { type: 'string' } } } }),
      { extra: { 'x-a': 'b' } },
      /slow to validate at properties\.extra .*propertyNames/,
    ],
    [
      'an unsafe subschema in $defs (2020-12)',
      {
        ...objectOf({ tags: { $ref: '#/$defs/tags' } }),
        $defs: { tags: { type: 'array', uniqueItems: true, items: { type: 'array' } } },
      },
      { tags: [[1], [2]] },
      /slow to validate at \$defs\.tags .*maxItems/,
    ],
    [
      'with a pattern longer than 512 characters',
      objectOf({ note: { type: 'string', pattern: `^${'a'.repeat(600)}$` } }),
      { note: 'a' },
      /pattern "\^a{59}" is longer than 512 characters/,
    ],
    [
      'with a patternProperties name RE2 cannot run (a lookahead)',
      objectOf({
        extra: {
          type: 'object',
          propertyNames: { maxLength: 20 },
          patternProperties: { '^(?=x)': { type: 'string' } },
        },
      }),
      { extra: {} },
      /patternProperties name "\^\(\?=x\)" cannot be checked in linear time/,
    ],
  ])('refuses a schema %s, naming the tool', (_name, schema, validArgs, problem) => {
    const check = createToolInputValidator().check('create_cart', schema, validArgs);
    expect(check).toMatchObject({ ok: false, unsafeSchema: true });
    if (!check.ok) {
      expect(check.reason).toMatch(/input schema for create_cart was refused as unsafe/);
      expect(check.reason).toMatch(problem);
    }
  });

  it('bounds the length of strings checked by a pattern or format without maxLength', () => {
    const validator = createToolInputValidator();
    const schema = objectOf({
      code: { type: 'string', pattern: '^[a-z]+$' },
      site: { type: 'string', format: 'uri' },
      // Data, not a subschema: left exactly as sent.
      fixed: { const: { pattern: 'x' } },
    });
    expect(
      validator.check('t', schema, { code: 'abc', site: 'https://a.example/', fixed: { pattern: 'x' } }),
    ).toEqual({ ok: true });
    expect(validator.check('t', schema, { code: 'a'.repeat(5000) })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('must NOT have more than 4096 characters'),
    });
    expect(validator.check('t', schema, { site: `https://a.example/${'a'.repeat(5000)}` })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('site must NOT have more than 4096 characters'),
    });
  });

  // Patterns the store wrote that make JavaScript's backtracking engine take exponential (or n^6) time: on RE2
  // each is a few milliseconds, in a single pass over the value.
  it.each([
    ['^(a|a)*$', `${'a'.repeat(200)}!`, 'a'.repeat(201)],
    ['^\\d*\\d*\\d*\\d*\\d*\\d*$', `${'1'.repeat(200)}x`, '1'.repeat(201)],
    ['^(\\w+\\s?)*$', `${'word '.repeat(40)}!`, 'word '.repeat(40)],
  ])('checks %s against a 201-character value in linear time', (pattern, failing, matching) => {
    const validator = createToolInputValidator();
    const schema = objectOf({ id: { type: 'string', pattern } });
    expect(validator.check('create_cart', schema, { id: failing })).toEqual({
      ok: false,
      unsafeSchema: false,
      reason: `create_cart: id must match pattern "${pattern}"`,
    });
    expect(validator.check('create_cart', schema, { id: matching })).toEqual({ ok: true });
  });

  it('checks each pattern of a schema with its own expression', () => {
    const validator = createToolInputValidator();
    const schema = objectOf({
      country: { type: 'string', pattern: '^[A-Z]{2}$' },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    });
    expect(validator.check('t', schema, { country: 'US', currency: 'USD' })).toEqual({ ok: true });
    expect(validator.check('t', schema, { country: 'US', currency: 'US' })).toMatchObject({
      ok: false,
      reason: 't: currency must match pattern "^[A-Z]{3}$"',
    });
  });

  it('leaves out a pattern RE2 cannot run (backreference, lookaround), never running it on JavaScript’s engine', () => {
    const validator = createToolInputValidator();
    const schema = objectOf({
      code: { type: 'string', pattern: '^(?=.*\\d)[a-z0-9]+$' },
      pair: { type: 'string', pattern: '^(?<c>[a-z])\\k<c>$' },
      twice: { type: 'string', pattern: '^(a+)\\1$' },
      country: { type: 'string', pattern: '^[A-Z]{2}$' },
    });
    // Each would fail its pattern on JavaScript's engine; here the store is left to check them.
    expect(
      validator.check('t', schema, { code: 'letters', pair: 'ab', twice: 'aaa', country: 'US' }),
    ).toEqual({
      ok: true,
    });
    // The rest of the schema is still checked.
    expect(validator.check('t', schema, { code: 'letters', country: 'usa' })).toMatchObject({
      ok: false,
      reason: 't: country must match pattern "^[A-Z]{2}$"',
    });
  });
});
