import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from './index';
import type { RunningSimulator } from './index';
import { DEFAULT_RENDER } from './replayDefaults';
import { fetchJson, smallScenario } from './simulatorTestKit';
import { clientDocument, driftDocument } from './swaggerDocuments';

type Json = Record<string, unknown>;

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function inGame(): Promise<RunningSimulator> {
  sim = await startSimulator({ scenario: smallScenario(), now: () => 0 });
  await sim.control.advance(8);
  return sim;
}

const get = async (url: string, ca: string): Promise<Json> => (await fetchJson(url, { ca })).json as Json;
const schemasOf = (document: Json): Record<string, Json> =>
  (document.definitions ?? (document.components as Json).schemas) as Record<string, Json>;
const propertiesOf = (document: Json, component: string): Json =>
  schemasOf(document)[component]?.properties as Json;

/** Every `$ref` in the document, as written. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refs(inner),
  );
}

describe('the API descriptions', () => {
  it('are served by the live client in both versions, with components, not only paths', async () => {
    const s = await inGame();
    const v3 = await get(`${s.urls.live}/swagger/v3/openapi.json`, s.caPem);
    const v2 = await get(`${s.urls.live}/swagger/v2/swagger.json`, s.caPem);
    expect(v3).toMatchObject({ openapi: '3.0.0', info: { title: 'LoLClient' } });
    expect(v2).toMatchObject({ swagger: '2.0', info: { title: 'LoLClient' } });
    expect(Object.keys(v3.paths as Json)).toContain('/liveclientdata/playerlist');
    expect(propertiesOf(v3, 'Player')).toHaveProperty('riotId', { type: 'string' });
    expect(propertiesOf(v2, 'Player')).toHaveProperty('riotId', { type: 'string' });
    expect(refs(v3).every((ref) => ref.startsWith('#/components/schemas/'))).toBe(true);
    expect(refs(v2).every((ref) => ref.startsWith('#/definitions/'))).toBe(true);
  });

  it('resolve every reference they make', () => {
    for (const version of ['v2', 'v3'] as const) {
      const document = clientDocument(version, { live: true, replay: true });
      const names = new Set(Object.keys(schemasOf(document)));
      const missing = refs(document).filter((ref) => !names.has(ref.split('/').pop() ?? ''));
      expect(missing, version).toEqual([]);
    }
  });

  it('describe the replay API when it is enabled, in the client generator’s own style', async () => {
    const s = await inGame();
    const replay = await get(`${s.urls.replay}/swagger/v3/openapi.json`, s.caPem);
    expect(Object.keys(replay.paths as Json)).toEqual(
      expect.arrayContaining(['/replay/render', '/replay/playback']),
    );
    expect(propertiesOf(replay, 'Render')).toMatchObject({
      cameraMode: { type: 'object', additionalProperties: { $ref: '#/components/schemas/HudCameraMode' } },
      fieldOfView: { type: 'number', format: 'float' },
    });
    const disabled = clientDocument('v3', { live: false, replay: false });
    expect(Object.keys(disabled.paths as Json).some((path) => path.startsWith('/replay/'))).toBe(false);
  });

  it('list every field the simulator serves', async () => {
    const s = await inGame();
    const document = clientDocument('v3', { live: true, replay: true });
    const players = (await fetchJson(`${s.urls.live}/liveclientdata/playerlist`, { ca: s.caPem }))
      .json as Json[];
    const active = (await fetchJson(`${s.urls.live}/liveclientdata/activeplayer`, { ca: s.caPem }))
      .json as Json;
    const described = (component: string) => Object.keys(propertiesOf(document, component)).sort();
    expect(described('Player')).toEqual(Object.keys(players[0] ?? {}).sort());
    expect(described('ActivePlayer')).toEqual(Object.keys(active).sort());
    expect(described('ChampionStats')).toEqual(Object.keys(active.championStats as Json).sort());
    expect(described('Render')).toEqual(Object.keys(DEFAULT_RENDER).sort());
  });
});

describe('the schema faults', () => {
  it('remove or retype one property of the description, and leave the data alone', async () => {
    const s = await inGame();
    const document = () => get(`${s.urls.live}/swagger/v3/openapi.json`, s.caPem);

    await s.control.setFault('live', 'schema-retyped-property');
    expect(propertiesOf(await document(), 'Player').riotId).toMatchObject({ type: 'object' });
    const players = (await fetchJson(`${s.urls.live}/liveclientdata/playerlist`, { ca: s.caPem })).json;
    expect(players).toEqual(expect.arrayContaining([expect.objectContaining({ riotId: 'Sightline#EUW' })]));

    await s.control.setFault('live', 'schema-missing-property');
    expect(propertiesOf(await document(), 'Player')).not.toHaveProperty('riotId');
    expect(propertiesOf(await document(), 'ActivePlayer')).toHaveProperty('riotId');

    await s.control.setFault('replay', 'schema-missing-property', ['/swagger/v2/']);
    const replayV2 = await get(`${s.urls.replay}/swagger/v2/swagger.json`, s.caPem);
    const replayV3 = await get(`${s.urls.replay}/swagger/v3/openapi.json`, s.caPem);
    expect(propertiesOf(replayV2, 'Playback')).not.toHaveProperty('length');
    expect(propertiesOf(replayV3, 'Playback')).toHaveProperty('length');

    await s.control.setFault('live', null);
    expect(propertiesOf(await document(), 'Player')).toHaveProperty('riotId', { type: 'string' });
  });

  it('change nothing in a document without the target', () => {
    const liveOnly = clientDocument('v3', { live: true, replay: false });
    expect(driftDocument(liveOnly, 'schema-missing-property', 'replay')).toEqual(liveOnly);
  });
});
