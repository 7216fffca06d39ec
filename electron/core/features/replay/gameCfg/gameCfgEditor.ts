/**
 * Reads and sets `EnableReplayApi` under `[General]` in the text of a game.cfg.
 *
 * A line-based editor rather than an INI library: the game and the player own this file, so every byte
 * we do not need to touch (comments, order, newlines, BOM, spacing, duplicate sections) stays as it was.
 */

const BOM = '\uFEFF';
const REPLAY_KEY = 'enablereplayapi';
const GENERAL_SECTION = 'general';

export type Newline = '\n' | '\r\n';

/** Where the setting stands: `missing` (no entry under [General]) behaves like `disabled` in the game. */
export type ReplayApiSetting = 'missing' | 'enabled' | 'disabled';

export interface ReplayApiEntry {
  /** 1-based line number. */
  line: number;
  /** Section name as written in the file; '' for lines before any section header. */
  section: string;
  /** The value as written, without surrounding spaces or an inline comment. */
  rawValue: string;
}

export interface ReplayApiState {
  setting: ReplayApiSetting;
  /** Raw value of the entry the game reads (the last one under [General]); null when missing. */
  rawValue: string | null;
  /** Every `EnableReplayApi` entry under a [General] section, in file order. */
  entries: ReplayApiEntry[];
  /** True when [General] holds several entries that disagree. */
  conflicting: boolean;
  /** Entries in other sections, which the game ignores (shown to explain "I set it but it does not work"). */
  misplaced: ReplayApiEntry[];
  hasGeneralSection: boolean;
}

export interface ReplayApiEdit {
  text: string;
  changed: boolean;
}

export interface ReplayApiEditOptions {
  /** Newline for inserted lines when the text has none to copy (empty or single-line file). Default CRLF, as the game writes on Windows. */
  newline?: Newline;
}

interface Line {
  text: string;
  eol: '' | Newline;
}

type LineShape =
  | { kind: 'section'; name: string }
  | { kind: 'entry'; key: string; valueStart: number; valueEnd: number }
  | { kind: 'other' };

interface ScannedLine extends Line {
  shape: LineShape;
  /** Section the line belongs to ('' before any header); a header belongs to the section it opens. */
  section: string;
}

export function readReplayApiState(text: string): ReplayApiState {
  const lines = scan(splitLines(stripBom(text)));
  const entries: ReplayApiEntry[] = [];
  const misplaced: ReplayApiEntry[] = [];
  lines.forEach((line, index) => {
    if (line.shape.kind !== 'entry' || !isReplayKey(line.shape.key)) return;
    const entry = {
      line: index + 1,
      section: line.section,
      rawValue: line.text.slice(line.shape.valueStart, line.shape.valueEnd),
    };
    (isGeneral(line.section) ? entries : misplaced).push(entry);
  });
  // Like most INI readers, the last duplicate wins.
  const effective = entries.at(-1);
  const settings = new Set(entries.map((entry) => settingOf(entry.rawValue)));
  return {
    setting: effective ? settingOf(effective.rawValue) : 'missing',
    rawValue: effective ? effective.rawValue : null,
    entries,
    conflicting: settings.size > 1,
    misplaced,
    hasGeneralSection: lines.some((line) => line.shape.kind === 'section' && isGeneral(line.shape.name)),
  };
}

/**
 * What in the file works against the setting, one sentence each: entries the game ignores because they
 * sit outside [General], and [General] entries that disagree. Empty when there is nothing to say.
 */
export function replayApiFindings(state: ReplayApiState): string[] {
  const misplaced = state.misplaced.map((entry) => {
    const where = entry.section === '' ? 'before any section' : `under [${entry.section}]`;
    return `EnableReplayApi=${entry.rawValue} on line ${entry.line} is ${where}, where the game ignores it: it belongs under [General]`;
  });
  const effective = state.entries.at(-1);
  if (!state.conflicting || !effective) return misplaced;
  const lines = state.entries.map((entry) => entry.line).join(', ');
  return [
    ...misplaced,
    `EnableReplayApi is set ${state.entries.length} times under [General] with different values (lines ${lines}): the game reads the last, EnableReplayApi=${effective.rawValue} on line ${effective.line}`,
  ];
}

/**
 * Sets every `EnableReplayApi` under [General] to 1 or 0. When there is none, enabling adds one at the end
 * of the first [General] (creating the section before the first section if needed); disabling leaves the
 * file alone, since a missing entry already means disabled.
 */
export function setReplayApiEnabled(
  text: string,
  enabled: boolean,
  options: ReplayApiEditOptions = {},
): ReplayApiEdit {
  const bom = text.startsWith(BOM) ? BOM : '';
  const lines = scan(splitLines(text.slice(bom.length)));
  const target = enabled ? '1' : '0';

  const generalEntries = lines.filter(
    (line) => line.shape.kind === 'entry' && isReplayKey(line.shape.key) && isGeneral(line.section),
  );
  if (generalEntries.length > 0) {
    let changed = false;
    const edited = lines.map((line): Line => {
      if (!generalEntries.includes(line) || line.shape.kind !== 'entry') return line;
      const { valueStart, valueEnd } = line.shape;
      if (line.text.slice(valueStart, valueEnd) === target) return line;
      changed = true;
      return { text: line.text.slice(0, valueStart) + target + line.text.slice(valueEnd), eol: line.eol };
    });
    return changed ? { text: bom + joinLines(edited), changed } : { text, changed: false };
  }
  if (!enabled) return { text, changed: false };

  const newline = dominantNewline(lines) ?? options.newline ?? '\r\n';
  const entryLine = 'EnableReplayApi=1';
  const headerIndex = lines.findIndex((line) => line.shape.kind === 'section' && isGeneral(line.shape.name));
  let edited: Line[];
  if (headerIndex >= 0) {
    edited = insertAfter(lines, lastEntryIndex(lines, headerIndex), [entryLine], newline);
  } else {
    const firstSection = lines.findIndex((line) => line.shape.kind === 'section');
    // Before the first section, so keys written before any header stay outside [General].
    edited =
      firstSection >= 0
        ? insertAfter(lines, firstSection - 1, ['[General]', entryLine], newline)
        : insertAfter(lines, lines.length - 1, ['[General]', entryLine], newline);
  }
  return { text: bom + joinLines(edited), changed: true };
}

function settingOf(rawValue: string): 'enabled' | 'disabled' {
  const value = rawValue
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase();
  return value === '1' || value === 'true' ? 'enabled' : 'disabled';
}

function stripBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/** Splits on LF and CRLF, keeping each terminator; a lone CR stays part of the line text. */
function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const lf = text.indexOf('\n', start);
    if (lf < 0) {
      lines.push({ text: text.slice(start), eol: '' });
      break;
    }
    const crlf = lf > start && text[lf - 1] === '\r';
    lines.push({ text: text.slice(start, crlf ? lf - 1 : lf), eol: crlf ? '\r\n' : '\n' });
    start = lf + 1;
  }
  return lines;
}

function joinLines(lines: readonly Line[]): string {
  return lines.map((line) => line.text + line.eol).join('');
}

function scan(lines: readonly Line[]): ScannedLine[] {
  let section = '';
  return lines.map((line) => {
    const shape = shapeOf(line.text);
    if (shape.kind === 'section') section = shape.name;
    return { ...line, shape, section };
  });
}

function shapeOf(text: string): LineShape {
  const header = /^\s*\[([^\]]*)\]/.exec(text);
  if (header) return { kind: 'section', name: (header[1] ?? '').trim() };
  const first = text.trimStart()[0];
  const equals = text.indexOf('=');
  if (first === undefined || first === ';' || first === '#' || equals < 0) return { kind: 'other' };
  const key = text.slice(0, equals).trim();
  if (key === '') return { kind: 'other' };
  let valueStart = equals + 1;
  while (valueStart < text.length && isBlank(text[valueStart])) valueStart++;
  // An inline comment needs whitespace before its marker, so values such as `a;b` stay whole.
  const comment = /\s[;#]/.exec(text.slice(valueStart));
  let valueEnd = comment ? valueStart + comment.index : text.length;
  while (valueEnd > valueStart && isBlank(text[valueEnd - 1])) valueEnd--;
  return { kind: 'entry', key, valueStart, valueEnd };
}

function isBlank(char: string | undefined): boolean {
  return char !== undefined && /\s/.test(char);
}

function isReplayKey(key: string): boolean {
  return key.toLowerCase() === REPLAY_KEY;
}

function isGeneral(section: string): boolean {
  return section.toLowerCase() === GENERAL_SECTION;
}

/** The last key=value line of the section opened at `headerIndex`, or the header itself when it has none. */
function lastEntryIndex(lines: readonly ScannedLine[], headerIndex: number): number {
  let last = headerIndex;
  for (let index = headerIndex + 1; index < lines.length; index++) {
    const shape = lines[index]?.shape;
    if (shape?.kind === 'section') break;
    if (shape?.kind === 'entry') last = index;
  }
  return last;
}

function dominantNewline(lines: readonly Line[]): Newline | null {
  let crlf = 0;
  let lf = 0;
  for (const line of lines) {
    if (line.eol === '\r\n') crlf++;
    else if (line.eol === '\n') lf++;
  }
  if (crlf === 0 && lf === 0) return null;
  return crlf >= lf ? '\r\n' : '\n';
}

/**
 * Inserts `texts` as lines after index `after` (-1 for the start). When that line is the last one and has
 * no newline, it gets one and the last inserted line goes without, so a missing final newline stays missing.
 */
function insertAfter(
  lines: readonly Line[],
  after: number,
  texts: readonly string[],
  newline: Newline,
): Line[] {
  const previous = lines[after];
  const atUnterminatedEnd = previous !== undefined && previous.eol === '' && after === lines.length - 1;
  const inserted: Line[] = texts.map((text, index) => ({
    text,
    eol: atUnterminatedEnd && index === texts.length - 1 ? '' : newline,
  }));
  const head = lines.slice(0, after + 1);
  if (atUnterminatedEnd) head[after] = { text: previous.text, eol: newline };
  return [...head, ...inserted, ...lines.slice(after + 1)];
}
