import { decodeDeckCode, encodeDeckCode, type DeckCard } from '../../core/card/deckCode/deckCode';
import type { CommandIo } from '../commandIo';
import { readTextArgument } from '../readTextArgument';

const USAGE = `Usage: sightline deck decode <code>
       sightline deck encode <file of count:cardCode lines, or - for standard input>`;

/** `sightline deck decode|encode`: deck codes in the card game's official format. Returns the exit code. */
export async function runDeckCommand(argv: string[], io: CommandIo): Promise<number> {
  const [action, argument, ...extra] = argv;
  if (!argument || extra.length > 0 || (action !== 'decode' && action !== 'encode')) {
    io.err(USAGE);
    return 2;
  }
  if (action === 'decode') {
    const decoded = decodeDeckCode(argument);
    if (!decoded.ok) {
      io.err(`sightline deck: ${decoded.error.message}`);
      return 1;
    }
    for (const card of decoded.value) io.out(`${card.count}:${card.cardCode}`);
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

/** `count:cardCode` per line; blank lines and `#` comments are skipped. */
export function parseDeckLines(text: string): { ok: true; value: DeckCard[] } | { ok: false; error: string } {
  const cards: DeckCard[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\d+)\s*:\s*(\S+)$/.exec(line);
    if (!match?.[1] || !match[2])
      return { ok: false, error: `line ${index + 1}: expected count:cardCode, got "${line}"` };
    cards.push({ count: Number(match[1]), cardCode: match[2] });
  }
  if (cards.length === 0) return { ok: false, error: 'the file lists no cards' };
  return { ok: true, value: cards };
}
