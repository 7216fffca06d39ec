import { describe, expect, it } from 'vitest';
import type { SourceStatus } from '@shared/contract';
import { describeReplayConnection } from './replayDiagnostic';

const status = (state: SourceStatus['state'], reason: string | null): SourceStatus => ({
  state,
  reason,
  since: 0,
});

describe('describeReplayConnection', () => {
  it('stays out of the way while connected', () => {
    expect(describeReplayConnection(status('connected', null), null)).toBeNull();
  });

  it('says plainly that nothing is running', () => {
    expect(
      describeReplayConnection(status('not-running', 'no game or replay running'), 'not-running'),
    ).toEqual({
      tone: 'off',
      title: 'No replay running',
      detail: 'no game or replay running',
      findings: [],
      offerGameCfg: false,
    });
  });

  it('offers the game.cfg switch when the replay API is disabled, with what game.cfg says', () => {
    const reason = 'replay API disabled — enable it in game.cfg and restart the replay';
    const findings = [
      'C:\\Games\\LoL\\Config\\game.cfg: EnableReplayApi is not set under [General]',
      'EnableReplayApi=1 on line 9 is under [HUD], where the game ignores it: it belongs under [General]',
    ];
    expect(describeReplayConnection({ ...status('waiting', reason), findings }, 'api-disabled')).toEqual({
      tone: 'wait',
      title: 'Replay control is switched off in the game',
      detail: reason,
      findings,
      offerGameCfg: true,
    });
  });

  it('passes on why it waits for a live game, without the game.cfg offer', () => {
    const reason = 'a live game is running, not a replay';
    expect(describeReplayConnection(status('waiting', reason), 'live-game')).toMatchObject({
      title: 'A live game, not a replay',
      detail: reason,
      offerGameCfg: false,
    });
  });

  it('waits without a reason when the core gives none', () => {
    expect(describeReplayConnection(status('waiting', null), null)).toMatchObject({
      title: 'Waiting for the replay',
    });
  });

  it('shows an error with its reason, and a placeholder before the first snapshot', () => {
    expect(
      describeReplayConnection(status('error', 'untrusted certificate'), 'untrusted-certificate'),
    ).toMatchObject({
      tone: 'bad',
      detail: 'untrusted certificate',
    });
    expect(describeReplayConnection(null, null)).toMatchObject({ title: 'Connecting to Sightline…' });
  });
});
