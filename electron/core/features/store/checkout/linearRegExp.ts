import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';

/**
 * Regular expressions the store controls (its tool schemas' `pattern` and `patternProperties`), run with RE2
 * (re2js): matching takes time linear in the input, whatever the pattern, so no store can freeze the main
 * process the way JavaScript's backtracking engine lets `^(a|a)*$` or `^\d*\d*\d*\d*$` do. RE2 has no
 * backreferences nor lookaround: such a pattern cannot be checked here, and is never handed to the JavaScript
 * engine instead.
 */

/** The pattern compiled for RE2, or null when it cannot be checked in linear time (or is not a valid pattern). */
export function compileLinear(pattern: string): RegExpLike | null {
  // JSON Schema patterns are ECMA-262 (Ajv compiles them with the u flag): what JavaScript refuses is no
  // pattern at all. Compiling runs nothing, so this costs no backtracking.
  try {
    new RegExp(pattern, 'u');
  } catch {
    return null;
  }
  // The translation to RE2's syntax reads `\k<name>` (a backreference) as the letters "k<name>": refuse it
  // rather than check something else than the store meant.
  if (/(?:^|[^\\])(?:\\\\)*\\k/.test(pattern)) return null;
  try {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    // Ajv shares one compiled pattern between places whose toString is the same: it must name the pattern.
    const linear: RegExpLike & { toString(): string } = {
      test: (text) => compiled.test(text),
      toString: () => `/${pattern}/u`,
    };
    return linear;
  } catch {
    return null;
  }
}

/**
 * Ajv's `code.regExp`: every pattern a schema holds goes through RE2. One RE2 cannot compile throws, which
 * fails the schema's compilation; callers drop such patterns first (see toolSchemaSafety).
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    if (flags !== '' && flags !== 'u') throw new Error(`unsupported regular expression flags "${flags}"`);
    const compiled = compileLinear(pattern);
    if (!compiled) throw new Error(`the pattern ${JSON.stringify(pattern)} cannot be checked in linear time`);
    return compiled;
  },
  // Only used by Ajv's standalone code generation, which Sightline does not do.
  { code: 'linearRegExp' },
);
