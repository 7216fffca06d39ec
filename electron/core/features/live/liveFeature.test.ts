import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedHttpClient } from '../../tools/testkit/scriptedHttpClient';
import { openTestFeatureContext } from '../../tools/testkit/testFeatureContext';
import { createLiveFeature } from './liveFeature';

describe('createLiveFeature', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('pushes the overlay layout from the settings, and every change to it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-live-'));
    const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const context = await openTestFeatureContext({ dataDir: dir, http: client });
    const { hub, settings } = context;
    const feature = createLiveFeature(context);
    expect(feature.pollers).toHaveLength(1);
    expect(hub.state.live.layout.feed).toEqual({ visible: true, anchor: 'top-right', scale: 1, box: null });

    await settings.update({ overlays: { feedAnchor: 'bottom-left', feedScale: 1.5 } });
    await settings.update({ overlays: { scoreboardVisible: false } });
    expect(hub.state.live.layout).toEqual({
      scoreboard: { visible: false, anchor: 'top-center', scale: 1, box: null },
      feed: { visible: true, anchor: 'bottom-left', scale: 1.5, box: null },
    });

    const box = { x: 0.1, y: 0.7, width: 0.3, height: 0.25 };
    await settings.update({ overlays: { feedBox: box } });
    expect(hub.state.live.layout.feed.box).toEqual(box);
    await settings.update({ overlays: { feedBox: null } });
    expect(hub.state.live.layout.feed.box).toBeNull();
  });

  it('pushes the caster’s team names and tags from the settings, and every change to them', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-live-'));
    const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const context = await openTestFeatureContext({ dataDir: dir, http: client });
    const { hub, settings } = context;
    await settings.update({ broadcast: { blueName: 'Demacia Esports', blueTag: 'DMC' } });
    createLiveFeature(context);
    expect(hub.state.live.broadcast).toEqual({
      ORDER: { name: 'Demacia Esports', tag: 'DMC' },
      CHAOS: { name: '', tag: '' },
    });

    await settings.update({ broadcast: { redName: 'Noxus Academy', redTag: 'NXA', blueTag: '' } });
    expect(hub.state.live.broadcast).toEqual({
      ORDER: { name: 'Demacia Esports', tag: '' },
      CHAOS: { name: 'Noxus Academy', tag: 'NXA' },
    });
  });
});
