import { parseArgs } from 'node:util';
import { missingArgument, unexpectedArgument, unknownWord } from '@shared/cli/usageError';
import { decodeDeckCode, encodeDeckCode, type DeckCard } from '../../card/deckCode/deckCode';
import { buildDeckView } from '../deckView';
import type { CommandIo } from '../../../platform/cli/commandIo';
import { readTextArgument } from '../../../platform/cli/readTextArgument';
import { cachedCardIndex } from './cachedCardIndex';

/** `sightline deck decode|encode`: deck codes in the card game's official format. Returns the exit code. */
export async function runDeckCommand(argv: string[], io: CommandIo): Promise<number> {
  // An unknown option throws: the CLI turns it into one line and exit 2. A lone "-" stays an argument.
  const { values, positionals } = parseArgs({
    args: argv,
    options: { codes: { type: 'boolean' } },
    allowPositionals: true,
  });
  const codesOnly = values.codes === true;
  const [action, argument, ...extra] = positionals;
  if (action !== 'decode' && action !== 'encode') throw unknownWord('command', action, ['decode', 'encode']);
  if (!argument) throw missingArgument(action === 'decode' ? '<code>' : '<file>');
  if (extra[0] !== undefined) throw unexpectedArgument(extra[0]);
  if (action === 'decode') {
    const decoded = decodeDeckCode(argument);
    if (!decoded.ok) {
      // A code that does not decode is a malformed argument: bad usage (exit 2), in the line README documents.
      io.err(`sightline deck: ${decoded.error.message}`);
      return 2;
    }
    for (const line of codesOnly ? decoded.value.map(codeLine) : await namedLines(argument, io)) io.out(line);
    return 0;
  }
  const text = await readTextArgument(argument, io.input ?? (() => process.stdin)).catch(
    (error: NodeJS.ErrnoException) => {
      throw new Error(`cannot read ${argument} (${error.code ?? error.message})`);
    },
  );
  const cards = parseDeckLines(text);
  if (!cards.ok) {
    io.err(`sightline deck: ${cards.error}`);
    return 1;
  }
  const encoded = encodeDeckCode(cards.value);
  if (!encoded.ok) {
    io.err(`sightline deck: ${encoded.error.message}`);
    return 1;
  }
  io.out(encoded.value);
  return 0;
}

const codeLine = (card: DeckCard): string => `${card.count}:${card.cardCode}`;

/**
 * With card data cached: `count:cardCode Name (cost N, Region)` per card, cheapest first (`deck encode` reads these
 * lines back); a card the data does not know keeps its `count:cardCode` line. Without data: the code lines, and a
 * note on stderr that says how to get names.
 */
async function namedLines(code: string, io: CommandIo): Promise<string[]> {
  const index = await cachedCardIndex(io.env);
  const view = buildDeckView(code, index, index?.locale ?? '');
  if (!view.ok) return [];
  if (!index)
    io.err('sightline deck: no card data is cached, so cards are shown by code (sightline data sync)');
  return view.value.cards.map((row) =>
    row.card
      ? `${codeLine(row)} ${row.card.name} (cost ${row.card.cost}, ${row.card.regions.map((region) => region.name).join('/')})`
      : codeLine(row),
  );
}

/**
 * `count:cardCode` per line, anything after it (the card's name, as `deck decode` prints it) ignored; blank lines
 * and `#` comments are skipped.
 */
export function parseDeckLines(text: string): { ok: true; value: DeckCard[] } | { ok: false; error: string } {
  const cards: DeckCard[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\d+)\s*:\s*(\S+)(?:\s.*)?$/.exec(line);
    if (!match?.[1] || !match[2])
      return { ok: false, error: `line ${index + 1}: expected count:cardCode, got "${line}"` };
    cards.push({ count: Number(match[1]), cardCode: match[2] });
  }
  if (cards.length === 0) return { ok: false, error: 'the file lists no cards' };
  return { ok: true, value: cards };
}
