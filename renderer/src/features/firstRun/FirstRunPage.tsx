import type { ReactNode } from 'react';
import { useAppState } from '../../state/AppContext';
import { navigate } from '../../navigation/route';
import { ApiKeyPanel } from '../webApi/ApiKeyPanel';
import { GameCfgPanel, useGameCfgLocate } from '../replay/GameCfgPanel';
import { useSaveSettings } from '../../state/settingsQueries';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { SourceStatusList } from '../status/SourceStatusList';
import { GameDataStep } from './GameDataStep';
import { gameCfgFinding, gameDataFinding, type FoundTone } from './firstRunLabels';
import '../staticData/data.css';
import '../webApi/players/players.css';
import '../replay/replay.css';
import './firstRun.css';

/**
 * The first-run guide: what Sightline found on this computer, and one button for each thing it needs (the game
 * data, the replay API switch, an API key). Everything is optional and the overlays work without any of it;
 * "Skip for now" and "Done" both put it away (Settings brings it back).
 */
export function FirstRunPage() {
  const dismiss = useSaveSettings(() => ({ firstRun: { dismissed: true } }));
  const finish = () => dismiss.mutate(undefined, { onSuccess: () => navigate('/') });

  return (
    <div className="first-run" data-testid="first-run">
      <header className="first-run-head">
        <div>
          <h2>Set up Sightline</h2>
          <p className="muted">
            What Sightline found on this computer, and what makes it better. Every step is optional: the
            overlays already work, and show names and art once the game data is here.
          </p>
        </div>
        <button type="button" onClick={finish} disabled={dismiss.isPending} data-testid="first-run-skip">
          Skip for now
        </button>
      </header>

      <Step number={1} title="What Sightline found" id="found">
        <FoundList />
      </Step>

      <Step
        number={2}
        title="Game data"
        id="game-data"
        why="Champion portraits, item icons, card names, costs and art come from the publisher's data for the current patch, in your language. Downloaded once, then read from this computer."
      >
        <GameDataStep />
      </Step>

      <Step
        number={3}
        title="Replay API"
        id="replay-api"
        why="For casters: the Replay page drives a replay (playback, camera, recording) only when the game's replay API is switched on in game.cfg."
      >
        <GameCfgPanel />
      </Step>

      <Step
        number={4}
        title="API key (optional)"
        id="api-key"
        why="Your own key from the publisher's developer portal unlocks player lookups, match history and community tournaments. The overlays and the replay desk need none."
      >
        <ApiKeyPanel />
      </Step>

      <footer className="first-run-foot">
        <span className="muted">You can come back to this guide from Settings.</span>
        <button
          type="button"
          className="first-run-done"
          onClick={finish}
          disabled={dismiss.isPending}
          data-testid="first-run-done"
        >
          Done
        </button>
      </footer>
      {dismiss.isError ? (
        <p className="error" role="alert">
          {dismiss.error.message}
        </p>
      ) : null}
    </div>
  );
}

function Step({
  number,
  title,
  id,
  why,
  children,
}: {
  number: number;
  title: string;
  id: string;
  why?: string;
  children: ReactNode;
}) {
  return (
    <section className="first-run-step" aria-labelledby={`first-run-${id}`} data-testid={`first-run-${id}`}>
      <div className="first-run-step-head">
        <span className="first-run-number" aria-hidden="true">
          {number}
        </span>
        <div>
          <h3 id={`first-run-${id}`}>{title}</h3>
          {why ? <p className="muted">{why}</p> : null}
        </div>
      </div>
      <div className="first-run-step-body">{children}</div>
    </section>
  );
}

const TONE_STATE: Record<FoundTone, string> = { ok: 'connected', wait: 'waiting', off: 'not-running' };

/** The game clients as the pollers see them, then game.cfg, the game data and the API key. */
function FoundList() {
  const locale = useDisplayLocale();
  const locate = useGameCfgLocate();
  const cache = useAppState((state) => state.staticData.cache);
  const key = useAppState((state) => state.webApi.key);
  const rows = [
    { id: 'game-cfg', label: 'game.cfg', ...gameCfgFinding(locate.data) },
    { id: 'game-data', label: 'Game data', ...gameDataFinding(cache) },
    {
      id: 'api-key',
      label: 'API key',
      text: key?.present ? 'set' : 'none (optional)',
      tone: key?.present ? ('ok' as const) : ('off' as const),
    },
  ];
  return (
    <div className="first-run-found">
      <SourceStatusList locale={locale} />
      <ul className="sources" aria-label="Set-up">
        {rows.map((row) => (
          <li key={row.id} data-testid={`found-${row.id}`} data-state={TONE_STATE[row.tone]}>
            <span className={`dot ${TONE_STATE[row.tone]}`} aria-hidden="true" />
            <span className="source-label">{row.label}</span>
            <span className="source-status">{row.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
