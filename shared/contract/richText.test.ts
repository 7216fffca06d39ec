import { describe, expect, it } from 'vitest';
import { richTextSchema, richTextToPlainText } from './richText';
import type { RichText } from './richText';

describe('richTextSchema', () => {
  it('accepts text runs with known marks and line breaks', () => {
    const text: RichText = [
      { text: 'Deals ', marks: [] },
      { text: '80', marks: ['magic'] },
      { lineBreak: true },
    ];
    expect(richTextSchema.safeParse(text).success).toBe(true);
  });

  it('rejects a mark outside the closed set, so nothing unexpected reaches the renderer', () => {
    expect(richTextSchema.safeParse([{ text: 'x', marks: ['onerror'] }]).success).toBe(false);
  });

  it('rejects a node that carries markup instead of text', () => {
    expect(richTextSchema.safeParse([{ html: '<b>x</b>' }]).success).toBe(false);
    expect(richTextSchema.safeParse([{ lineBreak: false }]).success).toBe(false);
  });
});

describe('richTextToPlainText', () => {
  it('joins runs and turns line breaks into newlines', () => {
    const text: RichText = [{ text: 'a', marks: ['bold'] }, { lineBreak: true }, { text: 'b', marks: [] }];
    expect(richTextToPlainText(text)).toBe('a\nb');
  });
});
