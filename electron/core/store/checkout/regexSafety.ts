/**
 * Whether a regular expression from a store's schema could take exponential time on a short string (ReDoS): a
 * repeated group that itself holds a repetition, like `(a+)+` or `(\w*,?)*$`. JavaScript's backtracking engine
 * tries every way to split the input between the two, and Ajv runs patterns in the main process. This refuses
 * every such shape, safe ones included (`(ab+)+` is harmless); store schemas need nothing of the kind.
 */
export function hasNestedRepetition(pattern: string): boolean {
  // Per open group: whether something inside it repeats.
  const groups: boolean[] = [];
  let innerRepeats = false; // the group that closed just before this character repeats inside
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') {
      index += 1;
      innerRepeats = false;
      continue;
    }
    if (char === '[') {
      index = classEnd(pattern, index);
      innerRepeats = false;
      continue;
    }
    if (char === '(') {
      groups.push(false);
      innerRepeats = false;
      continue;
    }
    if (char === ')') {
      innerRepeats = groups.pop() ?? false;
      if (innerRepeats && groups.length > 0) groups[groups.length - 1] = true;
      continue;
    }
    if (isRepetition(pattern, index)) {
      if (innerRepeats) return true;
      if (groups.length > 0) groups[groups.length - 1] = true;
    }
    innerRepeats = false;
  }
  return false;
}

/** `*`, `+` or a `{n,}` / `{n,m}` with m > 1; `?` and `{1}` only choose, they do not repeat. */
function isRepetition(pattern: string, index: number): boolean {
  const char = pattern[index];
  if (char === '*' || char === '+') return true;
  if (char !== '{') return false;
  const bounds = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
  if (!bounds) return false;
  if (bounds[2] === undefined) return Number(bounds[1]) > 1;
  return bounds[3] === '' || Number(bounds[3]) > 1;
}

/** The index of the `]` closing the character class opened at `start` (escapes and a leading `]` included). */
function classEnd(pattern: string, start: number): number {
  let index = start + 1;
  if (pattern[index] === '^') index += 1;
  if (pattern[index] === ']') index += 1;
  for (; index < pattern.length; index += 1) {
    if (pattern[index] === '\\') index += 1;
    else if (pattern[index] === ']') return index;
  }
  return pattern.length;
}
