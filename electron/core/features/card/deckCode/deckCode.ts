import { decodeBase32, encodeBase32 } from './base32';
import { factionByCode, factionById } from './factions';
import { MAX_VARINT_VALUE, readVarint, writeVarint } from './varint';

/**
 * Legends of Runeterra deck codes, byte for byte as RiotGames/LoRDeckCodes writes them:
 * one header byte (format << 4 | version), then for counts 3, 2 and 1 a list of groups
 * (cards sharing set and faction), then "N-of" entries for counts of 4 or more; all numbers are
 * unsigned LEB128 varints and the whole is base32 without padding.
 */

export interface DeckCard {
  cardCode: string;
  count: number;
}

export const DECK_CODE_FORMAT = 1;
export const MAX_DECK_CODE_VERSION = 5;

export type DeckCodeErrorKind =
  | 'empty'
  | 'not-base32'
  | 'truncated'
  | 'bad-varint'
  | 'unknown-format'
  | 'unsupported-version'
  | 'unknown-faction'
  | 'bad-card-code'
  | 'bad-count'
  | 'duplicate-card';

export interface DeckCodeError {
  kind: DeckCodeErrorKind;
  /** A sentence the UI can show as is. */
  message: string;
}

export type DeckCodeResult<T> = { ok: true; value: T } | { ok: false; error: DeckCodeError };

const CARD_CODE = /^(\d{2})([A-Z]{2})(\d{3})$/;
const GROUPED_COUNTS = [3, 2, 1] as const;

interface ParsedCard {
  cardCode: string;
  count: number;
  set: number;
  factionId: number;
  number: number;
  version: number;
}

export function encodeDeckCode(deck: readonly DeckCard[]): DeckCodeResult<string> {
  const parsed: ParsedCard[] = [];
  const seen = new Set<string>();
  for (const card of deck) {
    const result = parseDeckCard(card);
    if (!result.ok) return result;
    if (seen.has(card.cardCode))
      return fail('duplicate-card', `Card ${card.cardCode} is listed more than once.`);
    seen.add(card.cardCode);
    parsed.push(result.value);
  }

  const version = parsed.reduce((highest, card) => Math.max(highest, card.version), 1);
  const bytes: number[] = [(DECK_CODE_FORMAT << 4) | version];

  for (const count of GROUPED_COUNTS) {
    const groups = groupBySetAndFaction(parsed.filter((card) => card.count === count));
    writeVarint(groups.length, bytes);
    for (const group of groups) {
      const first = group[0];
      if (!first) continue;
      writeVarint(group.length, bytes);
      writeVarint(first.set, bytes);
      writeVarint(first.factionId, bytes);
      for (const card of group) writeVarint(card.number, bytes);
    }
  }

  const nOfs = parsed.filter((card) => card.count > 3).sort(byCardCode);
  for (const card of nOfs) {
    writeVarint(card.count, bytes);
    writeVarint(card.set, bytes);
    writeVarint(card.factionId, bytes);
    writeVarint(card.number, bytes);
  }

  return { ok: true, value: encodeBase32(Uint8Array.from(bytes)) };
}

export function decodeDeckCode(code: string): DeckCodeResult<DeckCard[]> {
  const decoded = decodeBase32(code);
  if (!decoded.ok) {
    switch (decoded.reason) {
      case 'empty':
        return fail('empty', 'The deck code is empty.');
      case 'bad-character':
        return fail(
          'not-base32',
          `This is not a deck code: it contains "${decoded.character}", which deck codes never use.`,
        );
      case 'bad-length':
        return fail('not-base32', 'This is not a deck code: no deck code has this many characters.');
    }
  }

  const bytes = decoded.bytes;
  const header = bytes[0] ?? 0;
  const format = header >> 4;
  const version = header & 0xf;
  // Format first: every deck code ever written is format 1, so any other first byte means the text is not a deck
  // code at all (random text such as "NOTACODE" decodes to format 6, version 11), not a code from the future.
  if (format !== DECK_CODE_FORMAT) {
    return fail(
      'unknown-format',
      `This is not a deck code: "${shownText(code)}" does not read as a deck (a code copied from the game starts with C).`,
    );
  }
  if (version > MAX_DECK_CODE_VERSION) {
    return fail(
      'unsupported-version',
      `This deck code uses version ${version}; Sightline supports up to ${MAX_DECK_CODE_VERSION}.`,
    );
  }
  if (version < 1)
    return fail('unsupported-version', 'This deck code uses version 0, which no deck code has used.');

  const reader = new ByteReader(bytes, 1);
  const cards: DeckCard[] = [];

  for (const count of GROUPED_COUNTS) {
    const groupCount = reader.next();
    if (!groupCount.ok) return groupCount;
    for (let group = 0; group < groupCount.value; group++) {
      const header = reader.nextMany(3);
      if (!header.ok) return header;
      const [cardsInGroup = 0, set = 0, factionId = 0] = header.value;
      for (let index = 0; index < cardsInGroup; index++) {
        const number = reader.next();
        if (!number.ok) return number;
        const card = buildCard(set, factionId, number.value, count);
        if (!card.ok) return card;
        cards.push(card.value);
      }
    }
  }

  // Whatever is left is N-of entries: count, set, faction, number.
  while (!reader.done) {
    const entry = reader.nextMany(4);
    if (!entry.ok) return entry;
    const [count = 0, set = 0, factionId = 0, number = 0] = entry.value;
    if (count < 1) return fail('bad-count', 'This deck code lists a card with a count of 0.');
    const card = buildCard(set, factionId, number, count);
    if (!card.ok) return card;
    cards.push(card.value);
  }

  return { ok: true, value: cards };
}

function parseDeckCard(card: DeckCard): DeckCodeResult<ParsedCard> {
  const match = CARD_CODE.exec(card.cardCode);
  if (!match) {
    return fail(
      'bad-card-code',
      `"${card.cardCode}" is not a card code: expected a 2-digit set, a 2-letter faction and a 3-digit number, like 01DE012.`,
    );
  }
  const [, set = '', factionCode = '', number = ''] = match;
  const faction = factionByCode(factionCode);
  if (!faction)
    return fail('bad-card-code', `Card ${card.cardCode} has an unknown faction "${factionCode}".`);
  if (!Number.isSafeInteger(card.count) || card.count < 1 || card.count > MAX_VARINT_VALUE) {
    return fail(
      'bad-count',
      `Card ${card.cardCode} has count ${card.count}; a count must be a whole number of at least 1.`,
    );
  }
  return {
    ok: true,
    value: {
      cardCode: card.cardCode,
      count: card.count,
      set: Number(set),
      factionId: faction.id,
      number: Number(number),
      version: faction.version,
    },
  };
}

function buildCard(set: number, factionId: number, number: number, count: number): DeckCodeResult<DeckCard> {
  const faction = factionById(factionId);
  if (!faction)
    return fail(
      'unknown-faction',
      `This deck code names faction id ${factionId}, which Sightline does not know.`,
    );
  if (set > 99 || number > 999) {
    return fail(
      'bad-card-code',
      `This deck code lists set ${set}, card ${number}, which is not a valid card code.`,
    );
  }
  const cardCode = `${String(set).padStart(2, '0')}${faction.code}${String(number).padStart(3, '0')}`;
  return { ok: true, value: { cardCode, count } };
}

/**
 * Canonical order, so one deck has one code: groups by ascending size, ties by their first card code,
 * cards inside a group by card code. (The official library breaks ties by whichever card came first in
 * its input; for sorted input that is the same thing.)
 */
function groupBySetAndFaction(cards: ParsedCard[]): ParsedCard[][] {
  const groups = new Map<string, ParsedCard[]>();
  for (const card of cards) {
    const key = card.cardCode.slice(0, 4);
    const group = groups.get(key);
    if (group) group.push(card);
    else groups.set(key, [card]);
  }
  const sorted = [...groups.values()].map((group) => group.sort(byCardCode));
  return sorted.sort((a, b) => a.length - b.length || byCardCode(a[0], b[0]));
}

function byCardCode(a: { cardCode: string } | undefined, b: { cardCode: string } | undefined): number {
  const left = a?.cardCode ?? '';
  const right = b?.cardCode ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The text as the player gave it, trimmed and cut short enough for one line. */
function shownText(code: string): string {
  const text = code.trim();
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

function fail(kind: DeckCodeErrorKind, message: string): { ok: false; error: DeckCodeError } {
  return { ok: false, error: { kind, message } };
}

class ByteReader {
  constructor(
    private readonly bytes: Uint8Array,
    private offset: number,
  ) {}

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  next(): DeckCodeResult<number> {
    const result = readVarint(this.bytes, this.offset);
    if (!result.ok) {
      return result.reason === 'truncated'
        ? fail('truncated', 'This deck code is cut off: it ends before all of its cards are listed.')
        : fail('bad-varint', 'This deck code holds a number too large for any deck.');
    }
    this.offset = result.next;
    return { ok: true, value: result.value };
  }

  nextMany(count: number): DeckCodeResult<number[]> {
    const values: number[] = [];
    for (let index = 0; index < count; index++) {
      const value = this.next();
      if (!value.ok) return value;
      values.push(value.value);
    }
    return { ok: true, value: values };
  }
}
