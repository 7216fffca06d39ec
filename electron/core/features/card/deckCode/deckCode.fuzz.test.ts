import { readFileSync } from 'node:fs';
import { describe } from 'vitest';
import { z } from 'zod';
import { textInputs } from '../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, schemaProblem } from '../../../tools/testkit/fuzz/parserFuzz';
import { decodeDeckCode } from './deckCode';

// Riot's own codes (fixtures/README.md): the first line of each block.
const samples = readFileSync(new URL('./fixtures/DeckCodesTestData.txt', import.meta.url), 'utf8')
  .trim()
  .split(/\r?\n\s*\r?\n/)
  .map((block) => block.trim().split(/\r?\n/)[0] ?? '')
  .slice(0, 12);

const BASE32 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'];
const vocabulary = [
  ...BASE32,
  ...BASE32.map((c) => c.toLowerCase()),
  '=',
  '-',
  ' ',
  '\n',
  '0',
  '1',
  '8',
  '9',
];

const deckSchema = z.array(
  z.object({
    cardCode: z.string().regex(/^\d{2}[A-Z]{2}\d{3}$/),
    count: z.number().int().min(1),
  }),
);

describe('deck codes, fuzzed', () => {
  fuzzParser({
    name: 'deck code',
    inputs: textInputs(samples, vocabulary),
    parse: (code: string) => {
      const decoded = decodeDeckCode(code);
      return decoded.ok ? decoded : { ok: false, message: decoded.error.message };
    },
    outputProblem: (cards) => schemaProblem(deckSchema, cards),
  });
});
