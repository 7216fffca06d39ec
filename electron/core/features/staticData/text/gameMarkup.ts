import type { RichText, RichTextMark } from '@shared/contract/richText';
import { decodeHtmlEntities } from '../../../platform/parsing/htmlEntities';

/**
 * Riot's game text markup (Data Dragon tooltips and item descriptions, card text) turned into rich text.
 *
 * Nothing here produces HTML: tags only switch marks on and off, attributes are never copied, and everything else
 * becomes plain text runs. Unknown tags are dropped and their content kept; `<script>` loses its content too.
 * `{{ … }}` placeholders go to the caller's resolver; what it cannot resolve is shown as "?" with the
 * 'unresolved' mark, never as raw braces; stray braces are dropped, so the output never holds "{" or "}".
 */

/**
 * What a placeholder shows: a string (an empty string drops it), or null when the data does not hold its value.
 */
export type PlaceholderResolver = (expression: string) => string | null;

export const UNRESOLVED_TEXT = '?';

const MARK_BY_TAG: Record<string, RichTextMark> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  rules: 'italic',
  magicdamage: 'magic',
  physicaldamage: 'physical',
  truedamage: 'true',
  healing: 'heal',
  lifesteal: 'heal',
  shield: 'shield',
  status: 'status',
  active: 'active',
  passive: 'passive',
  stats: 'stat',
  attention: 'highlight',
  font: 'highlight',
  speed: 'speed',
  spellname: 'spell-name',
  unique: 'unique',
};

const MARK_BY_TAG_PREFIX: Array<[string, RichTextMark]> = [
  ['rarity', 'rarity'],
  ['scale', 'scaling'],
  ['keyword', 'keyword'],
];

const VOID_TAGS = new Set([
  'br',
  'img',
  'hr',
  'input',
  'meta',
  'wbr',
  'source',
  'area',
  'col',
  'embed',
  'param',
  'track',
]);
/** Tags whose content is code, not text. */
const SKIPPED_CONTENT_TAGS = new Set(['script']);

const TAG = /<\s*(\/)?\s*([A-Za-z][A-Za-z0-9]*)((?:[^<>"']|"[^"]*"|'[^']*')*)>/y;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/y;
const PLACEHOLDER = /\{\{([^{}]*)\}\}/y;
const STRAY_PLACEHOLDER = /\{\{\s*[\w.*]*/y;
const TEXT = /[^<{}\r\n]+|[<{}]/y;
const NEWLINE = /\r?\n|\r/y;

interface OpenTag {
  name: string;
  mark: RichTextMark | null;
}

export function parseGameMarkup(source: string, resolve: PlaceholderResolver = () => null): RichText {
  const out: RichText = [];
  const open: OpenTag[] = [];
  const marksNow = (): RichTextMark[] => {
    const marks: RichTextMark[] = [];
    for (const tag of open) if (tag.mark && !marks.includes(tag.mark)) marks.push(tag.mark);
    return marks;
  };

  let index = 0;
  while (index < source.length) {
    const comment = matchAt(COMMENT, source, index);
    if (comment) {
      index += comment[0].length;
      continue;
    }

    const tag = matchAt(TAG, source, index);
    if (tag) {
      index += tag[0].length;
      const closing = tag[1] === '/';
      const name = (tag[2] ?? '').toLowerCase();
      const attributes = tag[3] ?? '';
      if (closing) {
        closeTag(open, name);
      } else if (name === 'br') {
        out.push({ lineBreak: true });
      } else if (SKIPPED_CONTENT_TAGS.has(name)) {
        index = skipPast(source, index, name);
      } else {
        if (name === 'li') out.push({ lineBreak: true });
        const selfClosing = attributes.trimEnd().endsWith('/');
        if (!VOID_TAGS.has(name) && !selfClosing) open.push({ name, mark: markFor(name, attributes) });
      }
      continue;
    }

    const placeholder = matchAt(PLACEHOLDER, source, index);
    // An unterminated "{{ e1" is a broken placeholder, not text.
    const broken = placeholder ? null : matchAt(STRAY_PLACEHOLDER, source, index);
    if (placeholder || broken) {
      index += (placeholder ?? broken)?.[0].length ?? 0;
      const value = placeholder ? resolve((placeholder[1] ?? '').trim()) : null;
      if (value === null || value.includes('{{') || value.includes('}}')) {
        pushText(out, UNRESOLVED_TEXT, [...marksNow(), 'unresolved']);
      } else {
        pushText(out, withoutBraces(value), marksNow());
      }
      continue;
    }

    const newline = matchAt(NEWLINE, source, index);
    if (newline) {
      index += newline[0].length;
      out.push({ lineBreak: true });
      continue;
    }

    const text = matchAt(TEXT, source, index);
    const chunk = text?.[0] ?? source.charAt(index);
    index += chunk.length;
    // Entities become the characters they name; as plain text that is harmless, `&lt;script&gt;` included.
    pushText(out, withoutBraces(decodeHtmlEntities(chunk)), marksNow());
  }

  return trimLineBreaks(out);
}

/** Braces in game text are only ever placeholder syntax, so a stray one (or one spelled as an entity) is dropped. */
function withoutBraces(text: string): string {
  return text.replace(/[{}]/g, '');
}

function markFor(name: string, attributes: string): RichTextMark | null {
  const direct = MARK_BY_TAG[name];
  if (direct) return direct;
  for (const [prefix, mark] of MARK_BY_TAG_PREFIX) if (name.startsWith(prefix)) return mark;
  // `<span class="colorFF9900">` in older tooltips is hand colouring.
  if (name === 'span' && /class\s*=\s*["']?color/i.test(attributes)) return 'highlight';
  // The card game writes keywords as `<style=Vocab>`.
  if (name === 'style' && attributes.trimStart().startsWith('=')) return 'keyword';
  return null;
}

function closeTag(open: OpenTag[], name: string): void {
  for (let index = open.length - 1; index >= 0; index--) {
    if (open[index]?.name === name) {
      open.length = index;
      return;
    }
  }
  // A stray closing tag closes nothing.
}

function skipPast(source: string, from: number, name: string): number {
  const closing = new RegExp(`<\\s*/\\s*${name}\\s*>`, 'ig');
  closing.lastIndex = from;
  const found = closing.exec(source);
  return found ? found.index + found[0].length : source.length;
}

function matchAt(pattern: RegExp, source: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(source);
}

function pushText(out: RichText, text: string, marks: RichTextMark[]): void {
  if (text === '') return;
  const last = out[out.length - 1];
  if (last && 'text' in last && sameMarks(last.marks, marks)) {
    last.text += text;
    return;
  }
  out.push({ text, marks });
}

function sameMarks(a: readonly RichTextMark[], b: readonly RichTextMark[]): boolean {
  return a.length === b.length && a.every((mark) => b.includes(mark));
}

function trimLineBreaks(nodes: RichText): RichText {
  let start = 0;
  let end = nodes.length;
  while (start < end && isBreak(nodes[start])) start++;
  while (end > start && isBreak(nodes[end - 1])) end--;
  return nodes.slice(start, end);
}

function isBreak(node: RichText[number] | undefined): boolean {
  return node !== undefined && 'lineBreak' in node;
}
