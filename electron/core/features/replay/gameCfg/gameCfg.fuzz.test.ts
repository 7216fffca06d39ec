import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe } from 'vitest';
import { mutatedBytes, textInputs } from '../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser } from '../../../tools/testkit/fuzz/parserFuzz';
import {
  readReplayApiState,
  replayApiFindings,
  setReplayApiEnabled,
  type ReplayApiState,
} from './gameCfgEditor';
import { decodeCfgBytes, encodeCfgText } from './gameCfgFile';

const folder = new URL('./fixtures/', import.meta.url);
const fixtures = readdirSync(folder)
  .filter((name) => name.endsWith('.cfg'))
  .map((name) => readFileSync(new URL(name, folder)));

const CFG_TOKENS = [
  '[General]',
  '[general]',
  '[Replay]',
  '[',
  ']',
  'EnableReplayApi',
  'enablereplayapi',
  'ENABLEREPLAYAPI',
  '=',
  '1',
  '0',
  'true',
  'False',
  '"1"',
  ';',
  '#',
  ' ;x',
  ' ',
  '\t',
  '\r\n',
  '\n',
  '\r',
  '\ufeff',
  'WindowMode=2',
];

/** What the app reads from a game.cfg and does with it: the state, its findings, and both edits. */
interface CfgReading {
  state: ReplayApiState;
  findings: string[];
  enabled: { text: string; changed: boolean };
  disabled: { text: string; changed: boolean };
  text: string;
}

function stateProblem(state: ReplayApiState): string | null {
  const effective = state.entries.at(-1);
  if ((state.setting === 'missing') !== (effective === undefined)) return 'setting and entries disagree';
  if ((state.rawValue === null) !== (effective === undefined)) return 'rawValue and entries disagree';
  const lines = [...state.entries, ...state.misplaced].map((entry) => entry.line);
  if (lines.some((line) => !Number.isSafeInteger(line) || line < 1)) return 'an entry has no line number';
  if (state.entries.some((entry) => entry.section.toLowerCase() !== 'general'))
    return 'an entry outside [General]';
  return null;
}

describe('game.cfg, fuzzed', () => {
  fuzzParser({
    name: 'game.cfg',
    inputs: fc.oneof(
      { arbitrary: mutatedBytes(fixtures), weight: 4 },
      {
        arbitrary: textInputs(
          fixtures.map((bytes) => bytes.toString('utf8')),
          CFG_TOKENS,
        ).map((text) => Buffer.from(text, 'utf8')),
        weight: 4,
      },
      { arbitrary: fc.uint8Array({ maxLength: 2048 }), weight: 1 },
    ),
    parse: (bytes: Uint8Array) => {
      const text = decodeCfgBytes(bytes);
      const state = readReplayApiState(text);
      return {
        ok: true,
        value: {
          text,
          state,
          findings: replayApiFindings(state),
          enabled: setReplayApiEnabled(text, true),
          disabled: setReplayApiEnabled(text, false),
        } satisfies CfgReading,
      };
    },
    outputProblem: ({ text, state, findings, enabled, disabled }, bytes) => {
      if (!Buffer.from(encodeCfgText(text)).equals(Buffer.from(bytes)))
        return 'the file does not round-trip byte for byte';
      if (findings.some((finding) => !/\p{L}{2,}/u.test(finding))) return 'a finding without words';
      if (!enabled.changed && enabled.text !== text) return 'an unchanged edit changed the text';
      if (!disabled.changed && disabled.text !== text) return 'an unchanged edit changed the text';
      const afterEnabling = readReplayApiState(enabled.text);
      if (afterEnabling.setting !== 'enabled') return 'enabling did not enable it';
      if (readReplayApiState(disabled.text).setting === 'enabled') return 'disabling left it enabled';
      return stateProblem(state) ?? stateProblem(afterEnabling);
    },
    // One case reads the file and makes both edits: three passes over as many as 30,000 (empty) lines, about
    // 4 µs a line each, so 400 ms was within reach of a normal case (549 ms of CPU once in CI). A hang
    // (an endless loop, a quadratic pass) takes seconds.
    timeCapMs: 1000,
  });
});
