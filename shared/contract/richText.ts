import { z } from 'zod';

/**
 * Game text (spell tooltips, item descriptions, card text) crosses the contract as a tree of text runs with a
 * closed set of marks, never as HTML. The renderer maps each mark to a style, so markup in the source data cannot
 * become markup on screen.
 */
export const RICH_TEXT_MARKS = [
  'bold',
  'italic',
  /** Magic, physical and true damage, as the game colours them. */
  'magic',
  'physical',
  'true',
  'heal',
  'shield',
  /** Crowd control and other states: stun, slow, charm. */
  'status',
  'active',
  'passive',
  /** Stat lines in item text. */
  'stat',
  'rarity',
  /** Ratio text such as "(+60% AP)". */
  'scaling',
  'keyword',
  'speed',
  'spell-name',
  'unique',
  /** Text the source coloured by hand (`<font color>`, `<span class="colorFF9900">`). */
  'highlight',
  /** A value the static data does not hold; shown as "?" so the UI can style or explain it. */
  'unresolved',
] as const;

export type RichTextMark = (typeof RICH_TEXT_MARKS)[number];

export type RichTextNode = { text: string; marks: RichTextMark[] } | { lineBreak: true };

export type RichText = RichTextNode[];

export const richTextMarkSchema = z.enum(RICH_TEXT_MARKS);

export const richTextNodeSchema = z.union([
  z.object({ text: z.string(), marks: z.array(richTextMarkSchema) }),
  z.object({ lineBreak: z.literal(true) }),
]);

export const richTextSchema = z.array(richTextNodeSchema);

export function isLineBreak(node: RichTextNode): node is { lineBreak: true } {
  return 'lineBreak' in node;
}

/** The text alone, line breaks as "\n": for search, copy to clipboard and accessible labels. */
export function richTextToPlainText(nodes: RichText): string {
  return nodes.map((node) => (isLineBreak(node) ? '\n' : node.text)).join('');
}
