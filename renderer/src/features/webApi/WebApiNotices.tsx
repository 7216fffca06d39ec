import type { WebApiPause, WebApiRetry } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { useNow } from '../../ui/time/useNow';
import { useContractMutation } from '../../state/contractQueries';

/**
 * What the web API client is waiting for, as the core pushes it: rate-limit pauses, retries after the API
 * failed a call, and the key-at-risk stop.
 */
export function WebApiNotices() {
  const webApi = useAppState((state) => state.webApi);
  const resume = useContractMutation('webApi.resume', { input: () => ({}) });
  const now = useNow(250, (webApi?.pauses.length ?? 0) + (webApi?.retries.length ?? 0) > 0);
  if (!webApi) return null;
  const pauses = webApi.pauses.filter((pause) => pause.until > now);
  const retries = webApi.retries.filter((retry) => retry.until > now);
  return (
    <>
      {webApi.guard.paused ? (
        <div className="web-api-notice danger" role="alert" data-testid="web-api-guard">
          <p>{webApi.guard.message}</p>
          <button type="button" onClick={() => resume.mutate()} disabled={resume.isPending}>
            I checked my key: resume
          </button>
        </div>
      ) : null}
      {pauses.map((pause) => (
        <p
          key={`${pause.routing}|${pause.label}`}
          className="web-api-notice waiting"
          role="status"
          data-testid="web-api-pause"
        >
          {describePause(pause, now)}
        </p>
      ))}
      {retries.map((retry) => (
        <p
          key={`${retry.routing}|${retry.label}|${retry.until}`}
          className="web-api-notice waiting"
          role="status"
          data-testid="web-api-retry"
        >
          {describeRetry(retry, now)}
        </p>
      ))}
    </>
  );
}

export function describeRetry(retry: WebApiRetry, now: number): string {
  const seconds = Math.max(1, Math.round((retry.until - now) / 1000));
  return `The web API failed (${retry.reason}): retrying in ${seconds} s (${retry.label}).`;
}

export function describePause(pause: WebApiPause, now: number): string {
  const seconds = Math.max(1, Math.round((pause.until - now) / 1000));
  const why = pause.scope === 'backoff' ? 'backing off after a refusal' : pause.label;
  return `Rate limited: retrying in ${seconds} s (${why}).`;
}
