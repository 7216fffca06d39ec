import { useQueryClient } from '@tanstack/react-query';
import type { GameCfgCandidateView, GameCfgPickTarget } from '@shared/contract';
import { contractQueryKey, useContractQuery, useContractMutation } from '../../state/contractQueries';
import { RequestError } from '../../ui/RequestError';

const SETTING_LABELS: Record<NonNullable<GameCfgCandidateView['setting']>, { text: string; tone: string }> = {
  enabled: { text: 'Replay API on', tone: 'ok' },
  disabled: { text: 'Replay API off', tone: 'wait' },
  missing: { text: 'Not set (off)', tone: 'wait' },
};

const LOCATE_KEY = contractQueryKey('replay.config.locate', {});

/** The game.cfg files main found (or was given), with each one's setting; one query for every view. */
export function useGameCfgLocate() {
  return useContractQuery('replay.config.locate', {}, { staleTime: Number.POSITIVE_INFINITY });
}

/**
 * The replay API's switch in game.cfg: find the files, show each one's setting, and flip it. A page never
 * names a file: main offers what it found, what its own dialog returned, or what `--cfg` named.
 */
export function GameCfgPanel() {
  const queryClient = useQueryClient();

  const locate = useGameCfgLocate();
  const pick = useContractMutation('replay.config.pick', {
    input: (target: GameCfgPickTarget) => ({ target }),
    onSuccess: (view) => queryClient.setQueryData(LOCATE_KEY, view),
  });
  const change = useContractMutation('replay.config.set', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: LOCATE_KEY }),
  });
  const canPick = locate.data?.canPick ?? false;

  return (
    <section className="panel" id="game-cfg" aria-labelledby="game-cfg-title">
      <header className="panel-head">
        <h2 id="game-cfg-title">Replay API switch (game.cfg)</h2>
        <div className="panel-actions">
          <button type="button" disabled={locate.isFetching} onClick={() => void locate.refetch()}>
            {locate.isFetching ? 'Searching…' : 'Search again'}
          </button>
        </div>
      </header>
      <p className="hint">
        The game answers replay requests only with <code>EnableReplayApi=1</code> under <code>[General]</code>{' '}
        in its game.cfg. Sightline changes that one line, keeps a backup, and leaves the rest of the file as
        it was.
      </p>
      {canPick ? (
        <div className="save-row">
          <button
            type="button"
            data-testid="game-cfg-pick-file"
            disabled={pick.isPending}
            onClick={() => pick.mutate('file')}
          >
            Choose game.cfg…
          </button>
          <button
            type="button"
            data-testid="game-cfg-pick-folder"
            disabled={pick.isPending}
            onClick={() => pick.mutate('folder')}
          >
            Choose game folder…
          </button>
        </div>
      ) : locate.data ? (
        <p className="hint" data-testid="game-cfg-pick-hint">
          Not listed? Browser mode cannot open a file dialog, and Sightline never takes a path typed into a
          page. Choose game.cfg in the desktop app, start the host with{' '}
          <code>npx sightline serve --cfg &lt;path to game.cfg&gt;</code>, or switch it from a terminal:{' '}
          <code>npx sightline replay enable --cfg &lt;path to game.cfg&gt;</code>.
        </p>
      ) : null}

      <RequestError error={locate.error} />
      <RequestError error={pick.error} testId="game-cfg-pick-error" />
      {locate.isPending ? <p className="muted">Looking for League of Legends installs…</p> : null}
      {locate.data && locate.data.candidates.length === 0 ? (
        <p className="empty-state">
          No install found here.{canPick ? ' Choose the game folder or its game.cfg above.' : ''}
        </p>
      ) : null}
      <ul className="cfg-list" data-testid="game-cfg-candidates">
        {locate.data?.candidates.map((candidate) => (
          <CandidateRow
            key={candidate.path}
            candidate={candidate}
            busy={change.isPending}
            onSet={(enabled) => change.mutate({ path: candidate.path, enabled })}
          />
        ))}
      </ul>
      {locate.data && locate.data.failedLookups.length > 0 ? (
        <details className="hint">
          <summary>Some places could not be searched</summary>
          <ul>
            {locate.data.failedLookups.map((lookup) => (
              <li key={lookup}>{lookup}</li>
            ))}
          </ul>
        </details>
      ) : null}

      {change.data ? (
        <div className="result ok" role="status" data-testid="game-cfg-message">
          <strong>{change.data.message}</strong>
          {change.data.backupPath ? (
            <span className="muted backup">
              Backup: <code>{change.data.backupPath}</code>
            </span>
          ) : null}
        </div>
      ) : null}
      <RequestError error={change.error} testId="game-cfg-error" />
    </section>
  );
}

function CandidateRow({
  candidate,
  busy,
  onSet,
}: {
  candidate: GameCfgCandidateView;
  busy: boolean;
  onSet(enabled: boolean): void;
}) {
  const setting = candidate.setting ? SETTING_LABELS[candidate.setting] : null;
  const usable = candidate.exists && !candidate.readOnly && candidate.problem === null;
  return (
    <li data-testid="game-cfg-candidate" data-setting={candidate.setting ?? 'none'}>
      <div className="cfg-main">
        <code className="cfg-path">{candidate.path}</code>
        <div className="cfg-meta">
          {!candidate.exists ? <span className="chip">No file here</span> : null}
          {setting ? <span className={`chip ${setting.tone}`}>{setting.text}</span> : null}
          {candidate.rawValue !== null ? (
            <span className="muted">
              EnableReplayApi=<code>{candidate.rawValue}</code>
            </span>
          ) : null}
          {candidate.readOnly ? <span className="chip bad">Read-only</span> : null}
          {candidate.origins.map((origin) => (
            <span key={origin} className="chip quiet">
              {origin}
            </span>
          ))}
        </div>
        {candidate.problem ? <p className="request-error">{candidate.problem}</p> : null}
      </div>
      <div className="cfg-actions">
        <button
          type="button"
          className="primary"
          data-testid="game-cfg-enable"
          disabled={!usable || busy || candidate.setting === 'enabled'}
          onClick={() => onSet(true)}
        >
          Enable
        </button>
        <button
          type="button"
          data-testid="game-cfg-disable"
          disabled={!usable || busy || candidate.setting !== 'enabled'}
          onClick={() => onSet(false)}
        >
          Disable
        </button>
      </div>
    </li>
  );
}
