import { AppRequestError } from '@shared/contract';
import type { HighlightsRequestOutputs } from '@shared/contract/highlights';
import type { RequestHandlers } from '../../../platform/router/requestRouter';
import type { HighlightReel, ReelResult } from './highlightReel';

type HighlightChannels = keyof HighlightsRequestOutputs;

/** The Replay page's Highlights panel: find, preview and record, each answered or refused with why. */
export function createHighlightHandlers(reel: HighlightReel): Pick<RequestHandlers, HighlightChannels> {
  return {
    'replay.highlights.find': async (options) => unwrap(await reel.find(options)),
    'replay.highlights.preview': async ({ clip }) => unwrap(await reel.preview(clip)),
    'replay.highlights.record': async ({ clip, index, recording }) =>
      unwrap(await reel.record(clip, index, recording)),
  };
}

function unwrap<T>(result: ReelResult<T>): T {
  if (!result.ok) throw new AppRequestError({ code: 'unsupported', message: result.error });
  return result.value;
}
