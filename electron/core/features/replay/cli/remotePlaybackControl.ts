import type { PlaybackPatch } from '@shared/contract/replay';
import type { PlaybackAnswer, PlaybackControl } from './replayCli';
import type { RemoteCore } from '../../../transport/remote/remoteCore';

/**
 * `sightline replay play|pause|seek|speed` through the running Sightline: its replay client (its pacing, its
 * trust, what it last read) makes the request, through the channel its caster's page uses.
 */
export function remotePlaybackControl(remote: Pick<RemoteCore, 'request'>): PlaybackControl {
  const set = async (patch: PlaybackPatch): Promise<PlaybackAnswer> => {
    try {
      return { ok: true, value: await remote.request('replay.playback.set', patch) };
    } catch (error) {
      // The game's refusal or the primary's, in the words the replay client gives it.
      return { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
    }
  };
  return {
    // An empty patch changes nothing: the primary answers with the playback it last read, or reads it.
    playback: () => set({}),
    setPlayback: set,
  };
}
