import type { KeyKind, TournamentApiKind, TournamentApiUse } from '@shared/contract';
import type { Endpoint } from '../../webApi/routing/endpoints';

/** Tournament methods are served on the americas cluster only (reference §1.1). */
const americas = { kind: 'region', only: ['americas'] } as const;

const BASES: Record<TournamentApiKind, string> = {
  v4: '/lol/tournament/v4',
  v5: '/lol/tournament/v5',
  'stub-v4': '/lol/tournament-stub/v4',
  'stub-v5': '/lol/tournament-stub/v5',
};

export interface TournamentEndpoints {
  providers: Endpoint;
  tournaments: Endpoint;
  codes: Endpoint;
  /** null where the paths have none: the v4 stub cannot describe a code. */
  codeDetails: Endpoint | null;
  /** null for the stubs, which have no PUT. */
  codeUpdate: Endpoint | null;
  lobbyEvents: Endpoint;
}

/**
 * The tournament paths of one kind (spec 1 §4 for v4, reference §1.2–1.3 for v5 and the stubs). IDs
 * differ per kind so the limiter keeps each method's own limits.
 */
export function tournamentEndpoints(kind: TournamentApiKind): TournamentEndpoints {
  const base = BASES[kind];
  const id = (name: string) => `tournament-${kind}.${name}`;
  const make = (name: string, label: string, path: string, method: Endpoint['method']): Endpoint => ({
    id: id(name),
    label,
    routing: americas,
    path: `${base}${path}`,
    auth: 'key',
    method,
  });
  const stub = kind === 'stub-v4' || kind === 'stub-v5';
  return {
    providers: make('providers', 'provider registrations', '/providers', 'POST'),
    tournaments: make('tournaments', 'tournament registrations', '/tournaments', 'POST'),
    codes: make('codes', 'code creations', '/codes', 'POST'),
    codeDetails:
      kind === 'stub-v4' ? null : make('codeDetails', 'code lookups', '/codes/{tournamentCode}', 'GET'),
    codeUpdate: stub ? null : make('codeUpdate', 'code updates', '/codes/{tournamentCode}', 'PUT'),
    lobbyEvents: make('lobbyEvents', 'lobby event lookups', '/lobby-events/by-code/{tournamentCode}', 'GET'),
  };
}

/**
 * The stub unless the user confirmed a tournament-enabled key: a personal (or production) key is not a
 * tournament key by itself (spec 1 §5), and development keys may call the stub only (reference §6).
 */
export function tournamentApiKind(
  version: 'v4' | 'v5',
  keyKind: KeyKind,
  tournamentKeyConfirmed: boolean,
): TournamentApiKind {
  return keyKind !== 'development' && tournamentKeyConfirmed ? version : `stub-${version}`;
}

/** The kind the desk calls, with why it is the stub when it is (`tournamentApiKind`'s reasons, in order). */
export function tournamentApiUse(
  version: 'v4' | 'v5',
  keyKind: KeyKind,
  tournamentKeyConfirmed: boolean,
): TournamentApiUse {
  const kind = tournamentApiKind(version, keyKind, tournamentKeyConfirmed);
  if (kind === version) return { kind, stubBecause: null };
  return { kind, stubBecause: keyKind === 'development' ? 'development-key' : 'not-confirmed' };
}
