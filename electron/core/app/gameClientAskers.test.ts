import { describe, expect, it } from 'vitest';
import type { LaneAsker } from '../platform/net/sharedPacingSchedule';
import { askersBySource } from './gameClientAskers';

const URLS = {
  live: 'https://127.0.0.1:2999',
  replay: 'https://127.0.0.1:2999',
  card: 'http://127.0.0.1:21337',
};

const asked = (lane: string, pid: number, kind: string, since: number): LaneAsker => ({
  lane,
  pid,
  kind,
  since,
  at: since + 1000,
});

describe('askersBySource', () => {
  it('names each process once per source, since its first path there, by the client and the API it asked', () => {
    const bySource = askersBySource(
      [
        asked('https://127.0.0.1:2999/liveclientdata/gamestats', 1234, 'serve', 2000),
        asked('https://127.0.0.1:2999/liveclientdata/activeplayer', 1234, 'serve', 1000),
        asked('https://127.0.0.1:2999/replay/playback', 4321, 'replay', 3000),
        asked('http://127.0.0.1:21337/positional-rectangles', 1234, 'serve', 1500),
        asked('https://127.0.0.1:2999/swagger/v3/openapi.json', 555, 'doctor', 500),
      ],
      URLS,
    );
    expect(bySource.live).toEqual([
      { pid: 555, kind: 'doctor', since: 500 },
      { pid: 1234, kind: 'serve', since: 1000 },
    ]);
    expect(bySource.replay).toEqual([
      { pid: 555, kind: 'doctor', since: 500 },
      { pid: 4321, kind: 'replay', since: 3000 },
    ]);
    expect(bySource.card).toEqual([{ pid: 1234, kind: 'serve', since: 1500 }]);
  });

  it('leaves out another client on another port, and paths of no source', () => {
    const bySource = askersBySource(
      [
        asked('https://127.0.0.1:3999/liveclientdata/gamestats', 1234, 'serve', 1000),
        asked('http://127.0.0.1:21338/positional-rectangles', 1234, 'serve', 1000),
        asked('http://127.0.0.1:21337/liveclientdata/gamestats', 1234, 'serve', 1000),
        asked('not a url', 1234, 'serve', 1000),
      ],
      URLS,
    );
    expect(bySource).toEqual({ live: [], replay: [], card: [] });
  });
});
