import { FIRST_RUN_PATH } from '@shared/contract';
import { navigate } from '../../navigation/route';

/** Settings' way back to the first-run guide after it was skipped or done. */
export function SetupGuideLink() {
  return (
    <section className="panel settings" aria-labelledby="setup-guide-title">
      <h2 id="setup-guide-title">Setup guide</h2>
      <p className="muted">
        What Sightline found on this computer, the game data download, the replay API switch and the API key,
        one step each.
      </p>
      <a
        href={`${FIRST_RUN_PATH}${window.location.search}`}
        onClick={(event) => {
          event.preventDefault();
          navigate(FIRST_RUN_PATH);
        }}
        data-testid="show-setup-guide"
      >
        Show the setup guide
      </a>
    </section>
  );
}
