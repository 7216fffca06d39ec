import type { SourceId } from '@shared/contract';
import type { RemoteCore } from './remoteCore';

/** The client URLs a command was told to use for this run (SIGHTLINE_LIVE_URL…); null: whichever the app uses. */
export type WantedClients = Partial<Record<SourceId, string | null>>;

/**
 * Whether the running Sightline polls the game clients this command would ask, so that the command may ask it
 * instead: every URL the environment names is the primary's. A command pointed elsewhere (another client, a
 * stand-in) asks that one itself, paced by the machine's shared schedule. False when the primary cannot say.
 */
export async function primaryPollsClients(
  remote: Pick<RemoteCore, 'request'>,
  wanted: WantedClients,
): Promise<boolean> {
  let polled: Record<SourceId, string>;
  try {
    polled = await remote.request('sources.clients', {});
  } catch {
    return false;
  }
  return Object.entries(wanted).every(
    ([id, url]) => url === null || url === undefined || sameUrl(url, polled[id as SourceId]),
  );
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}
