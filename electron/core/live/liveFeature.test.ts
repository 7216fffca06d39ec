import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import { StateHub } from '../hub/stateHub';
import { silentLogger } from '../log/logger';
import { realScheduler } from '../polling/poller';
import { readEnvironment } from '../settings/environment';
import { SettingsStore } from '../settings/settingsStore';
import { createScriptedHttpClient } from '../testing/scriptedHttpClient';
import { createLiveFeature } from './liveFeature';

describe('createLiveFeature', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('pushes the overlay layout from the settings, and every change to it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-live-'));
    const settings = await SettingsStore.open(join(dir, 'settings.json'), readEnvironment({}), silentLogger);
    const hub = new StateHub<AppState>(initialAppState(0));
    const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const feature = createLiveFeature({
      http: client,
      hub,
      scheduler: realScheduler,
      logger: silentLogger,
      settings,
      env: readEnvironment({}),
      dataDir: dir,
      resourcesDir: dir,
    });
    expect(feature.pollers).toHaveLength(1);
    expect(hub.state.live.layout.feed).toEqual({ visible: true, anchor: 'top-right', scale: 1 });

    await settings.update({ overlays: { feedAnchor: 'bottom-left', feedScale: 1.5 } });
    await settings.update({ overlays: { scoreboardVisible: false } });
    expect(hub.state.live.layout).toEqual({
      scoreboard: { visible: false, anchor: 'top-center', scale: 1 },
      feed: { visible: true, anchor: 'bottom-left', scale: 1.5 },
    });
  });
});
