import { useState, type FormEvent } from 'react';
import { PLATFORM_IDS, REGIONS } from '@shared/contract';
import { useAppState } from '../../../state/AppContext';
import { navigateWithParams, useSearchParams } from '../../../navigation/searchParams';
import { WebApiNotices } from '../WebApiNotices';
import { StaticDataMatchIcons } from './catalogIcons';
import { tournamentCodeFor } from './matchCode';
import { MatchDetails } from './MatchDetails';
import './matches.css';

export const MATCH_PAGE_PATH = '/matches';

/**
 * A match by ID: both teams with what the record says, from the web API with the user's key. A game
 * the tournament desk has a result for, or one typed with a code the desk created, is fetched through
 * that code, so its players are named; the core refuses any other code.
 */
export function MatchPage() {
  const params = useSearchParams();
  const matchId = params.get('match') ?? '';
  const routing = params.get('routing') ?? '';
  const typedCode = params.get('code') ?? '';
  const results = useAppState((state) => state.tournament.results);
  const deskCodes = useAppState((state) => state.tournament.codes);
  const code = tournamentCodeFor(matchId, typedCode, results ?? []);
  return (
    <StaticDataMatchIcons>
      <div className="web-api-page" data-testid="match-page">
        <WebApiNotices />
        <MatchForm
          key={`${matchId}|${routing}|${typedCode}`}
          matchId={matchId}
          routing={routing}
          code={typedCode}
          deskCodes={(deskCodes ?? []).map((item) => item.code)}
        />
        {matchId ? (
          <MatchDetails
            matchId={matchId}
            routing={routing}
            code={code}
            highlight={params.get('player') ?? ''}
          />
        ) : null}
      </div>
    </StaticDataMatchIcons>
  );
}

function MatchForm({
  matchId,
  routing,
  code,
  deskCodes,
}: {
  matchId: string;
  routing: string;
  code: string;
  /** The codes this desk created: the only ones a game is looked up by. */
  deskCodes: readonly string[];
}) {
  const [id, setId] = useState(matchId);
  const [where, setWhere] = useState(routing);
  const [tournamentCode, setTournamentCode] = useState(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigateWithParams(MATCH_PAGE_PATH, {
      match: id.trim(),
      routing: where,
      code: tournamentCode.trim(),
      player: '',
    });
  };
  return (
    <section className="panel" aria-labelledby="match-form-title">
      <h2 id="match-form-title">Open a match</h2>
      <form className="lookup-form" onSubmit={submit}>
        <label className="grow">
          <span>Match ID</span>
          <input
            value={id}
            onChange={(event) => setId(event.target.value)}
            placeholder="EUW1_7123456789"
            spellCheck={false}
            data-testid="match-id-input"
          />
        </label>
        <label className="grow">
          <span>Games of your tournament codes (optional)</span>
          <input
            value={tournamentCode}
            onChange={(event) => setTournamentCode(event.target.value)}
            placeholder="NA04f2c-8f1e2c5a-…"
            title="Look up a game played with a code this desk created: fetched through its code, its players are named"
            list="match-desk-codes"
            spellCheck={false}
            data-testid="match-code-input"
          />
          <datalist id="match-desk-codes">
            {deskCodes.map((deskCode) => (
              <option key={deskCode} value={deskCode} />
            ))}
          </datalist>
        </label>
        <label>
          <span>Host</span>
          <select
            value={where}
            onChange={(event) => setWhere(event.target.value)}
            data-testid="match-routing"
          >
            <option value="">From the match ID</option>
            <optgroup label="Regions (v5 paths)">
              {REGIONS.map((region) => (
                <option key={region} value={region}>
                  {region}
                </option>
              ))}
            </optgroup>
            <optgroup label="Platforms (v4 paths)">
              {PLATFORM_IDS.map((platform) => (
                <option key={platform} value={platform}>
                  {platform}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <button type="submit" disabled={id.trim() === ''} data-testid="match-open">
          Open
        </button>
      </form>
    </section>
  );
}
