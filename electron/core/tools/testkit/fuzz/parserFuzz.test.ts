import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anyValue, jsonText, mutatedBytes, mutatedJson, mutatedText } from './fuzzInputs';
import { DEFAULT_FUZZ_RUNS, fuzzRuns } from './fuzzRuns';
import {
  caseProblem,
  dataProblem,
  fuzzFigures,
  schemaProblem,
  type ParserFuzz,
  type Parsed,
} from './parserFuzz';

const fuzz = (
  parse: (input: unknown) => Parsed<unknown> | Promise<Parsed<unknown>>,
): ParserFuzz<unknown, unknown> => ({
  name: 'test parser',
  inputs: anyValue,
  parse,
  outputProblem: (value) => schemaProblem(z.object({ n: z.number() }), value),
});

describe('the parser fuzz harness', () => {
  it('passes a parser that answers in its schema or refuses in words', async () => {
    expect(
      await caseProblem(
        fuzz(() => ({ ok: true, value: { n: 1 } })),
        'x',
        50,
      ),
    ).toBeNull();
    expect(
      await caseProblem(
        fuzz(async () => ({ ok: false, message: 'not a record' })),
        'x',
        50,
      ),
    ).toBeNull();
  });

  it('fails an escaping exception, a hang, output outside its schema and a refusal without words', async () => {
    const threw = fuzz(() => {
      throw new TypeError('boom');
    });
    expect(await caseProblem(threw, 'x', 50)).toMatch(/^an exception escaped: TypeError: boom/);
    const slow = fuzz(() => {
      // 30 ms of CPU, however busy the machine.
      const started = process.cpuUsage();
      const spentMs = () => {
        const spent = process.cpuUsage(started);
        return (spent.user + spent.system) / 1000;
      };
      while (spentMs() < 30);
      return { ok: true, value: { n: 1 } };
    });
    expect(await caseProblem(slow, 'x', 10)).toMatch(/over its 10 ms cap \(a hang\)/);
    const never = fuzz(() => new Promise<Parsed<unknown>>(() => undefined));
    expect(await caseProblem(never, 'x', 5)).toBe('did not finish within 100 ms (a hang)');
    expect(
      await caseProblem(
        fuzz(() => ({ ok: true, value: { n: 'one' } })),
        'x',
        50,
      ),
    ).toMatch(/^the output is outside its schema at n/);
    expect(
      await caseProblem(
        fuzz(() => ({ ok: false, message: '' })),
        'x',
        50,
      ),
    ).toMatch(/has no words/);
    expect(
      await caseProblem(
        fuzz(() => ({ ok: false, message: 'x'.repeat(5000) })),
        'x',
        50,
      ),
    ).toMatch(/runs to 5000 characters/);
  });

  it('fails output that is not plain data, unless the input carried it in', async () => {
    const nan = fuzz((input) => ({ ok: true, value: { n: Number.NaN, input } }));
    expect(await caseProblem(nan, 'plain', 50)).toBe('the value.n is NaN, which does not survive JSON');
    const echo = fuzz((input) => ({ ok: true, value: { n: 1, input } }));
    expect(await caseProblem(echo, { sent: Number.POSITIVE_INFINITY }, 50)).toBeNull();
    expect(dataProblem({ list: [new Date(0)] })).toBe('the value.list[0] is not a plain object');
  });

  it('reads the case count from SIGHTLINE_FUZZ_RUNS, and prints figures in one form', () => {
    expect(fuzzRuns({})).toBe(DEFAULT_FUZZ_RUNS);
    expect(fuzzRuns({ SIGHTLINE_FUZZ_RUNS: '10000' })).toBe(10_000);
    expect(() => fuzzRuns({ SIGHTLINE_FUZZ_RUNS: 'lots' })).toThrow(/whole number/);
    expect(fuzzFigures('deck code', 10_000, 2, 0)).toBe('deck code: 10000 cases, 5000 cases/s, 0 failures');
  });
});

describe('fuzz inputs', () => {
  it('writes JSON as JSON.stringify does, and nested deeper than it can', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonText(value)).toBe(JSON.stringify(value));
      }),
    );
    expect(jsonText({ a: undefined, b: [undefined, Number.NaN], c: -0 })).toBe('{"b":[null,null],"c":0}');
    let deep: unknown = 1;
    for (let depth = 0; depth < 50_000; depth++) deep = { '@graph': [deep] };
    expect(jsonText(deep)).toHaveLength(50_000 * 13 + 1);
  });

  it('mutates samples: JSON, text and bytes all change, within their size limits', () => {
    const sample = { id: 'a', list: [1, 2, { deep: true }] };
    const json = fc.sample(mutatedJson(sample), 200);
    expect(json.filter((value) => jsonText(value) !== jsonText(sample)).length).toBeGreaterThan(150);
    const text = fc.sample(mutatedText(['<p>hello</p>'], ['<', '>']), 200);
    expect(text.every((value) => value.length <= 30_000)).toBe(true);
    expect(new Set(text).size).toBeGreaterThan(150);
    const bytes = fc.sample(mutatedBytes([Buffer.from('PK\u0003\u0004 some bytes')]), 200);
    expect(new Set(bytes.map((value) => Buffer.from(value).toString('hex'))).size).toBeGreaterThan(150);
  });
});
