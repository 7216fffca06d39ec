import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReplayApiSetting } from './gameCfgEditor';
import { readReplayApiState, replayApiFindings, setReplayApiEnabled } from './gameCfgEditor';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const BOM = '\uFEFF';

interface FixtureFacts {
  setting: ReplayApiSetting;
  rawValue: string | null;
  newlines: 'crlf' | 'lf' | 'mixed' | 'none';
  bom?: boolean;
  finalNewline?: boolean;
  hasGeneral?: boolean;
  misplaced?: number;
  conflicting?: boolean;
}

// What each fixture is, checked against its bytes so an accidental newline normalisation is caught.
const CORPUS: Record<string, FixtureFacts> = {
  'crlf-typical-no-key.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf' },
  'lf-typical-no-key.cfg': { setting: 'missing', rawValue: null, newlines: 'lf' },
  'crlf-blank-lines-between-sections.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf' },
  'crlf-key-already-1.cfg': { setting: 'enabled', rawValue: '1', newlines: 'crlf' },
  'crlf-key-0.cfg': { setting: 'disabled', rawValue: '0', newlines: 'crlf' },
  'lf-key-false.cfg': { setting: 'disabled', rawValue: 'false', newlines: 'lf' },
  'lf-key-true.cfg': { setting: 'enabled', rawValue: 'true', newlines: 'lf' },
  'bom-crlf-no-key.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf', bom: true },
  'bom-lf-key-0-no-final-newline.cfg': {
    setting: 'disabled',
    rawValue: '0',
    newlines: 'lf',
    bom: true,
    finalNewline: false,
  },
  'crlf-no-final-newline.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf', finalNewline: false },
  'general-last-no-final-newline.cfg': {
    setting: 'missing',
    rawValue: null,
    newlines: 'crlf',
    finalNewline: false,
  },
  'comments-semicolon-and-hash.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf' },
  'key-in-replay-section.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf', misplaced: 1 },
  'no-general-section.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf', hasGeneral: false },
  'empty.cfg': {
    setting: 'missing',
    rawValue: null,
    newlines: 'none',
    hasGeneral: false,
    finalNewline: false,
  },
  'blank-lines-only.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf', hasGeneral: false },
  'duplicate-general-no-key.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf' },
  'duplicate-general-key-in-second.cfg': { setting: 'disabled', rawValue: '0', newlines: 'crlf' },
  'duplicate-key-in-general.cfg': { setting: 'enabled', rawValue: '1', newlines: 'lf', conflicting: true },
  'trailing-spaces.cfg': { setting: 'disabled', rawValue: '0', newlines: 'crlf' },
  'mixed-case-keys-and-section.cfg': { setting: 'disabled', rawValue: '0', newlines: 'lf' },
  'tabs-around-equals.cfg': { setting: 'disabled', rawValue: '0', newlines: 'crlf' },
  'indented-spaces-inline-comment.cfg': { setting: 'disabled', rawValue: 'false', newlines: 'crlf' },
  'mixed-newlines-mostly-crlf.cfg': { setting: 'missing', rawValue: null, newlines: 'mixed' },
  'general-header-only.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf' },
  'utf8-non-ascii-comments.cfg': { setting: 'missing', rawValue: null, newlines: 'crlf' },
  'mac-lf-typical.cfg': { setting: 'missing', rawValue: null, newlines: 'lf' },
  'empty-value.cfg': { setting: 'disabled', rawValue: '', newlines: 'crlf' },
  'keys-before-any-section.cfg': {
    setting: 'missing',
    rawValue: null,
    newlines: 'lf',
    hasGeneral: false,
    misplaced: 1,
  },
};

function readFixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

interface Line {
  text: string;
  eol: string;
}

function splitKeepingNewlines(text: string): Line[] {
  return (text.match(/[^\n]*\n|[^\n]+$/g) ?? []).map((chunk) =>
    chunk.endsWith('\r\n')
      ? { text: chunk.slice(0, -2), eol: '\r\n' }
      : chunk.endsWith('\n')
        ? { text: chunk.slice(0, -1), eol: '\n' }
        : { text: chunk, eol: '' },
  );
}

function newlineStyle(text: string): FixtureFacts['newlines'] {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lf = (text.match(/\n/g) ?? []).length - crlf;
  if (crlf === 0 && lf === 0) return 'none';
  if (lf === 0) return 'crlf';
  return crlf === 0 ? 'lf' : 'mixed';
}

function dominantNewline(text: string): string {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lf = (text.match(/\n/g) ?? []).length - crlf;
  return lf > crlf ? '\n' : '\r\n';
}

const KEY_LINE = /^(\s*enablereplayapi\s*=\s*)(.*?)(\s*(?:\s[;#].*)?)$/i;
const INSERTABLE = new Set(['[General]', 'EnableReplayApi=1', 'EnableReplayApi=0']);

/**
 * Compares an edited text with its original line by line and allows only: an `EnableReplayApi` value
 * replaced in place, whole lines `[General]` / `EnableReplayApi=0|1` inserted with the given newline, and the
 * original last line gaining that newline when an insertion follows it. Returns what changed.
 */
function diffAllowingReplayEdits(original: string, edited: string, newline: string) {
  const before = splitKeepingNewlines(original.replace(/^\uFEFF/, ''));
  const after = splitKeepingNewlines(edited.replace(/^\uFEFF/, ''));
  const inserted: string[] = [];
  const values: string[] = [];
  let i = 0;
  for (let j = 0; j < after.length; j++) {
    const line = after[j];
    const old = before[i];
    if (line === undefined) break;
    const isLastAfter = j === after.length - 1;
    if (old && line.text === old.text) {
      const gainedNewline = old.eol === '' && i === before.length - 1 && line.eol === newline;
      if (line.eol !== old.eol && !gainedNewline) throw new Error(`newline changed on line ${j + 1}`);
      i++;
      continue;
    }
    const oldKey = old ? KEY_LINE.exec(old.text) : null;
    const newKey = KEY_LINE.exec(line.text);
    if (old && oldKey && newKey) {
      if (oldKey[1] !== newKey[1] || oldKey[3] !== newKey[3] || old.eol !== line.eol) {
        throw new Error(`line ${j + 1} changed beyond its value: ${JSON.stringify([old.text, line.text])}`);
      }
      values.push(newKey[2] ?? '');
      i++;
      continue;
    }
    if (INSERTABLE.has(line.text)) {
      const unterminatedEnd = isLastAfter && line.eol === '' && !/\n$/.test(original);
      if (line.eol !== newline && !unterminatedEnd)
        throw new Error(`inserted line ${j + 1} has wrong newline`);
      inserted.push(line.text);
      continue;
    }
    throw new Error(
      `unexpected line ${j + 1}: ${JSON.stringify(line.text)} (was ${JSON.stringify(old?.text)})`,
    );
  }
  if (i !== before.length) throw new Error(`${before.length - i} original lines lost`);
  return { inserted, values };
}

describe('game.cfg corpus', () => {
  it('has a fact sheet for every fixture, and at least 20 fixtures', () => {
    const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.cfg'));
    expect(files.sort()).toEqual(Object.keys(CORPUS).sort());
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  describe.each(Object.entries(CORPUS))('%s', (name, facts) => {
    const original = readFixture(name);

    it('is the shape its name says', () => {
      expect(newlineStyle(original)).toBe(facts.newlines);
      expect(original.startsWith(BOM)).toBe(facts.bom ?? false);
      expect(/\n$/.test(original)).toBe(facts.finalNewline ?? true);
    });

    it('reads the current setting', () => {
      const state = readReplayApiState(original);
      expect(state.setting).toBe(facts.setting);
      expect(state.rawValue).toBe(facts.rawValue);
      expect(state.hasGeneralSection).toBe(facts.hasGeneral ?? true);
      expect(state.misplaced).toHaveLength(facts.misplaced ?? 0);
      expect(state.conflicting).toBe(facts.conflicting ?? false);
    });

    it('enables by touching only the EnableReplayApi lines', () => {
      const { text, changed } = setReplayApiEnabled(original, true);
      const newline = dominantNewline(original);
      const diff = diffAllowingReplayEdits(original, text, newline);

      const before = readReplayApiState(original);
      const needsValueChange = before.entries.some((entry) => entry.rawValue !== '1');
      expect(changed).toBe(before.setting === 'missing' || needsValueChange);
      if (!changed) expect(text).toBe(original);
      if (before.setting === 'missing') {
        expect(diff.values).toEqual([]);
        expect(diff.inserted).toEqual(
          before.hasGeneralSection ? ['EnableReplayApi=1'] : ['[General]', 'EnableReplayApi=1'],
        );
      } else {
        expect(diff.inserted).toEqual([]);
        expect(diff.values).toEqual(before.entries.filter((e) => e.rawValue !== '1').map(() => '1'));
      }

      const after = readReplayApiState(text);
      expect(after.setting).toBe('enabled');
      expect(after.entries.every((entry) => entry.rawValue === '1')).toBe(true);
      expect(after.misplaced.map((e) => [e.section, e.rawValue])).toEqual(
        before.misplaced.map((e) => [e.section, e.rawValue]),
      );
      expect(text.startsWith(BOM)).toBe(original.startsWith(BOM));
      if (original.length > 0) expect(/\n$/.test(text)).toBe(/\n$/.test(original));
    });

    it('is idempotent', () => {
      const once = setReplayApiEnabled(original, true).text;
      expect(setReplayApiEnabled(once, true)).toEqual({ text: once, changed: false });
      const off = setReplayApiEnabled(original, false).text;
      expect(setReplayApiEnabled(off, false)).toEqual({ text: off, changed: false });
    });

    it('round-trips enable then disable', () => {
      const enabled = setReplayApiEnabled(original, true).text;
      const disabled = setReplayApiEnabled(enabled, false);
      expect(disabled.changed).toBe(true);
      expect(readReplayApiState(disabled.text).setting).toBe('disabled');
      const diff = diffAllowingReplayEdits(original, disabled.text, dominantNewline(original));
      expect(new Set(diff.values)).toEqual(new Set(diff.values.length > 0 ? ['0'] : []));
      expect(diff.inserted.filter((line) => line.startsWith('EnableReplayApi')).length).toBeLessThanOrEqual(
        1,
      );
      // Toggling back lands on exactly the same bytes as enabling once.
      expect(setReplayApiEnabled(disabled.text, true).text).toBe(enabled);
    });

    it('disables without adding anything when the key is missing', () => {
      const result = setReplayApiEnabled(original, false);
      if (facts.setting === 'missing') expect(result).toEqual({ text: original, changed: false });
      expect(readReplayApiState(result.text).setting).not.toBe('enabled');
    });
  });
});

describe('setReplayApiEnabled', () => {
  it('adds the key after the last entry of [General], before the blank line that ends it', () => {
    const text = '[General]\r\nWindowMode=2\r\n\r\n[HUD]\r\nFlipMiniMap=0\r\n';
    expect(setReplayApiEnabled(text, true)).toEqual({
      text: '[General]\r\nWindowMode=2\r\nEnableReplayApi=1\r\n\r\n[HUD]\r\nFlipMiniMap=0\r\n',
      changed: true,
    });
  });

  it('adds the key straight after a [General] header with no entries', () => {
    expect(setReplayApiEnabled('[General]\n; nothing yet\n[HUD]\n', true).text).toBe(
      '[General]\nEnableReplayApi=1\n; nothing yet\n[HUD]\n',
    );
  });

  it('creates [General] before the first section, below leading comments and section-less keys', () => {
    expect(setReplayApiEnabled('; top\nStray=1\n[HUD]\nFlipMiniMap=0\n', true).text).toBe(
      '; top\nStray=1\n[General]\nEnableReplayApi=1\n[HUD]\nFlipMiniMap=0\n',
    );
  });

  it('writes an empty file with CRLF unless told otherwise', () => {
    expect(setReplayApiEnabled('', true).text).toBe('[General]\r\nEnableReplayApi=1\r\n');
    expect(setReplayApiEnabled('', true, { newline: '\n' }).text).toBe('[General]\nEnableReplayApi=1\n');
    expect(setReplayApiEnabled(BOM, true).text).toBe(`${BOM}[General]\r\nEnableReplayApi=1\r\n`);
  });

  it('copies the file newline rather than the option when the file has one', () => {
    expect(setReplayApiEnabled('[General]\nA=1\n', true, { newline: '\r\n' }).text).toBe(
      '[General]\nA=1\nEnableReplayApi=1\n',
    );
  });

  it('keeps a missing final newline missing', () => {
    expect(setReplayApiEnabled('[General]\r\nA=1', true).text).toBe('[General]\r\nA=1\r\nEnableReplayApi=1');
    expect(setReplayApiEnabled('[HUD]\nA=1', true).text).toBe('[General]\nEnableReplayApi=1\n[HUD]\nA=1');
    expect(setReplayApiEnabled('; only a comment', true).text).toBe(
      '; only a comment\r\n[General]\r\nEnableReplayApi=1',
    );
  });

  it('rewrites only the value, keeping spelling, spacing, tabs and inline comments', () => {
    const text = '[general]\n\tenableReplayAPI \t=\t false ; off for now\t\nA=1\n';
    expect(setReplayApiEnabled(text, true).text).toBe(
      '[general]\n\tenableReplayAPI \t=\t 1 ; off for now\t\nA=1\n',
    );
  });

  it('sets every entry in every [General] section, leaving other sections alone', () => {
    const text = [
      '[General]',
      'EnableReplayApi=0',
      '[Replay]',
      'EnableReplayApi=0',
      '[ GENERAL ]',
      'EnableReplayApi=true',
      'enablereplayapi=1',
      '',
    ].join('\r\n');
    const { text: edited } = setReplayApiEnabled(text, true);
    expect(edited).toBe(
      [
        '[General]',
        'EnableReplayApi=1',
        '[Replay]',
        'EnableReplayApi=0',
        '[ GENERAL ]',
        'EnableReplayApi=1',
        'enablereplayapi=1',
        '',
      ].join('\r\n'),
    );
    expect(setReplayApiEnabled(edited, false).text.match(/=0/g)).toHaveLength(4);
  });

  it('fills an empty value', () => {
    expect(setReplayApiEnabled('[General]\nEnableReplayApi=\n', true).text).toBe(
      '[General]\nEnableReplayApi=1\n',
    );
  });

  it('does not treat commented-out entries as the key', () => {
    const text = '[General]\n;EnableReplayApi=1\n# EnableReplayApi=1\n';
    expect(setReplayApiEnabled(text, true).text).toBe(
      '[General]\nEnableReplayApi=1\n;EnableReplayApi=1\n# EnableReplayApi=1\n',
    );
    expect(setReplayApiEnabled(text, false)).toEqual({ text, changed: false });
  });

  it('leaves the file alone when disabling a key that exists only outside [General]', () => {
    const text = '[Replay]\nEnableReplayApi=1\n';
    expect(setReplayApiEnabled(text, false)).toEqual({ text, changed: false });
  });
});

describe('readReplayApiState', () => {
  it('reports the last [General] entry, the conflict and the line numbers', () => {
    const state = readReplayApiState('[General]\nEnableReplayApi=0\n\n[General]\nEnableReplayApi=1\n');
    expect(state).toEqual({
      setting: 'enabled',
      rawValue: '1',
      entries: [
        { line: 2, section: 'General', rawValue: '0' },
        { line: 5, section: 'General', rawValue: '1' },
      ],
      conflicting: true,
      misplaced: [],
      hasGeneralSection: true,
    });
  });

  it('understands 1, true and quoted values, and treats anything else as disabled', () => {
    const setting = (value: string) => readReplayApiState(`[General]\nEnableReplayApi=${value}\n`).setting;
    expect(['1', 'true', 'TRUE', '"1"', ' 1 '].map(setting)).toEqual(Array(5).fill('enabled'));
    expect(['0', 'false', '', 'yes please', '2x'].map(setting)).toEqual(Array(5).fill('disabled'));
  });

  it('lists entries the game ignores, including ones before any section', () => {
    const state = readReplayApiState('EnableReplayApi=1\n[Replay]\nEnableReplayApi=1\n');
    expect(state.setting).toBe('missing');
    expect(state.misplaced).toEqual([
      { line: 1, section: '', rawValue: '1' },
      { line: 3, section: 'Replay', rawValue: '1' },
    ]);
  });

  it('sees through a BOM on the first header', () => {
    expect(readReplayApiState(`${BOM}[General]\r\nEnableReplayApi=1\r\n`).setting).toBe('enabled');
  });
});

describe('replayApiFindings', () => {
  it('names each entry the game ignores, with its line and section', () => {
    const state = readReplayApiState(
      'EnableReplayApi=1\n[General]\nWindowMode=2\n[HUD]\nEnableReplayApi=1\n',
    );
    expect(replayApiFindings(state)).toEqual([
      'EnableReplayApi=1 on line 1 is before any section, where the game ignores it: it belongs under [General]',
      'EnableReplayApi=1 on line 5 is under [HUD], where the game ignores it: it belongs under [General]',
    ]);
  });

  it('names [General] entries that disagree, and the one the game reads', () => {
    const state = readReplayApiState('[General]\nEnableReplayApi=1\n\n[General]\nEnableReplayApi=0\n');
    expect(replayApiFindings(state)).toEqual([
      'EnableReplayApi is set 2 times under [General] with different values (lines 2, 5): the game reads the last, EnableReplayApi=0 on line 5',
    ]);
  });

  it('has nothing to say about a plain setting, or repeats that agree', () => {
    expect(replayApiFindings(readReplayApiState('[General]\nEnableReplayApi=0\n'))).toEqual([]);
    expect(replayApiFindings(readReplayApiState('[General]\n'))).toEqual([]);
    expect(
      replayApiFindings(readReplayApiState('[General]\nEnableReplayApi=1\nEnableReplayApi=true\n')),
    ).toEqual([]);
  });
});

describe('setReplayApiEnabled on arbitrary INI-like text', () => {
  const line = fc.constantFrom(
    '[General]',
    '[general]',
    '[HUD]',
    '[Replay]',
    'WindowMode=2',
    'EnableReplayApi=0',
    'enablereplayapi = false',
    'EnableReplayApi\t=\ttrue  ',
    'EnableReplayApi=1 ; inline',
    '; EnableReplayApi=1',
    '# comment',
    '',
    '   ',
    'Width=1920   ',
    'no equals here',
    '=orphan',
  );
  const text = fc
    .tuple(
      fc.boolean(),
      fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { maxLength: 14 }),
      fc.boolean(),
    )
    .map(([bom, lines, finalNewline]) => {
      const body = lines.map(([content, eol]) => content + eol).join('');
      return (bom ? BOM : '') + (finalNewline ? body : body.replace(/\r?\n$/, ''));
    });

  it('enables with only replay lines touched, idempotently, and disables back', () => {
    fc.assert(
      fc.property(text, (original) => {
        const enabled = setReplayApiEnabled(original, true).text;
        diffAllowingReplayEdits(original, enabled, dominantNewline(original));
        expect(readReplayApiState(enabled).setting).toBe('enabled');
        expect(setReplayApiEnabled(enabled, true).changed).toBe(false);
        const disabled = setReplayApiEnabled(enabled, false).text;
        expect(readReplayApiState(disabled).setting).toBe('disabled');
        expect(setReplayApiEnabled(disabled, true).text).toBe(enabled);
      }),
      { numRuns: 300 },
    );
  });
});
