import { useAppState } from '../../state/AppContext';
import { RequestError } from '../../ui/RequestError';
import { RENDER_TOGGLE_GROUPS } from './replayLabels';
import { useContractMutation } from '../../state/contractQueries';
import { useReplayConnected } from './useReplay';

/** What the replay draws: world, interface parts and health bars, each one switch. */
export function RenderTogglesPanel() {
  const render = useAppState((state) => state.replay.render) ?? null;
  const connected = useReplayConnected();
  const setRender = useContractMutation('replay.render.set');
  const pendingField =
    setRender.isPending && setRender.variables ? Object.keys(setRender.variables)[0] : undefined;

  return (
    <section className="panel" aria-labelledby="view-title">
      <h2 id="view-title">View</h2>
      <div className="toggle-groups">
        {RENDER_TOGGLE_GROUPS.map((group) => (
          <fieldset key={group.id} className="toggle-group">
            <legend>{group.title}</legend>
            {group.fields.map(({ field, label }) => {
              const value = render?.[field];
              const reported = typeof value === 'boolean';
              return (
                <label
                  key={field}
                  className="switch"
                  title={reported ? undefined : 'This game version does not report it'}
                >
                  <input
                    type="checkbox"
                    role="switch"
                    data-testid={`render-toggle-${field}`}
                    checked={value === true}
                    disabled={!connected || !reported || pendingField === field}
                    onChange={(event) => setRender.mutate({ [field]: event.currentTarget.checked })}
                  />
                  <span className="switch-track" aria-hidden="true" />
                  <span>{label}</span>
                </label>
              );
            })}
          </fieldset>
        ))}
      </div>
      <RequestError error={setRender.error} />
    </section>
  );
}
