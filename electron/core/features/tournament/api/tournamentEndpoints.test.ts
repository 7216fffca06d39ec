import { describe, expect, it } from 'vitest';
import { tournamentApiKind, tournamentEndpoints } from './tournamentEndpoints';

describe('tournamentApiKind', () => {
  it.each([
    ['development', false, 'stub-v5'],
    ['development', true, 'stub-v5'],
    ['personal', false, 'stub-v5'],
    ['production', false, 'stub-v5'],
    ['personal', true, 'v5'],
    ['production', true, 'v5'],
  ] as const)('calls a %s key (tournament-enabled confirmed: %s) on %s', (keyKind, confirmed, kind) => {
    expect(tournamentApiKind('v5', keyKind, confirmed)).toBe(kind);
  });

  it('keeps the chosen version on the stub and on the real paths', () => {
    expect(tournamentApiKind('v4', 'personal', false)).toBe('stub-v4');
    expect(tournamentApiKind('v4', 'production', true)).toBe('v4');
    expect(tournamentEndpoints(tournamentApiKind('v4', 'personal', false)).providers.path).toBe(
      '/lol/tournament-stub/v4/providers',
    );
  });
});
