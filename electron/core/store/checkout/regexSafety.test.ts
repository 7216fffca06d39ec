import { describe, expect, it } from 'vitest';
import { hasNestedRepetition } from './regexSafety';

describe('hasNestedRepetition', () => {
  it.each(['(a+)+$', '^(a*)*b', '(\\w+\\s?)*$', '((ab)*c)+', '(x+){2,}', '(?:[a-z]+,?){1,99}', '((a+))*'])(
    'refuses %s',
    (pattern) => expect(hasNestedRepetition(pattern)).toBe(true),
  );

  it.each([
    '^[A-Z]{2}$',
    '^[^@\\s]+@[^@\\s]+$',
    '^\\+?[0-9 ()-]{6,20}$',
    '^(US|CA|GB)$',
    '^[a-z]+(-[a-z]+)?$',
    '(ab)+',
    '[(a+)]+',
    '\\(a+\\)+',
  ])('accepts %s', (pattern) => expect(hasNestedRepetition(pattern)).toBe(false));
});
