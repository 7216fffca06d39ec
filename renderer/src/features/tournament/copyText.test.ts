import { describe, expect, it } from 'vitest';
import { copyText, type CopyEnvironment } from './copyText';

/** A document that records what the fallback did: the text area it made and whether it was removed. */
function fakeDocument(copies: boolean) {
  const record = { value: '', appended: false, removed: false, selected: false, commands: [] as string[] };
  const area = {
    value: '',
    style: {} as Record<string, string>,
    setAttribute: () => undefined,
    select: () => {
      record.selected = true;
      record.value = area.value;
    },
    remove: () => {
      record.removed = true;
    },
  };
  const document = {
    createElement: () => area,
    execCommand: (command: string) => {
      record.commands.push(command);
      return copies;
    },
    body: {
      appendChild: () => {
        record.appended = true;
      },
    },
  } as unknown as NonNullable<CopyEnvironment['document']>;
  return { document, record };
}

describe('copyText', () => {
  it('uses the clipboard when it works', async () => {
    const written: string[] = [];
    const { document, record } = fakeDocument(true);
    const copied = await copyText('NA0418-code', {
      clipboard: { writeText: async (text) => void written.push(text) },
      document,
    });
    expect(copied).toBe(true);
    expect(written).toEqual(['NA0418-code']);
    expect(record.commands).toEqual([]);
  });

  it('falls back to the copy command when the clipboard refuses', async () => {
    const { document, record } = fakeDocument(true);
    const copied = await copyText('NA0418-code', {
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
      document,
    });
    expect(copied).toBe(true);
    expect(record).toMatchObject({ value: 'NA0418-code', selected: true, removed: true, commands: ['copy'] });
  });

  it('falls back when there is no clipboard, and reports a refused copy', async () => {
    const { document, record } = fakeDocument(false);
    expect(await copyText('x', { clipboard: undefined, document })).toBe(false);
    expect(record.removed).toBe(true);
    expect(await copyText('x', {})).toBe(false);
  });
});
