import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { buildSchemaExpectations } from './schemaExpectations';

const FILE = fileURLToPath(new URL('./expectedSchema.json', import.meta.url));

describe('schema expectations', () => {
  // The app loads this very file (clientSchemaCheck.ts), so it must say what the contract says.
  it('expectedSchema.json says what the contract says (`npm run schema:expectations` rewrites it)', async () => {
    const text = await format(JSON.stringify(buildSchemaExpectations()), {
      ...(await resolveConfig(FILE)),
      filepath: FILE,
    });
    await expect(text, 'expectedSchema.json is stale: run `npm run schema:expectations`').toMatchFileSnapshot(
      FILE,
    );
  });

  it('lists the properties read, parents first, with their JSON types', () => {
    const expectations = buildSchemaExpectations();
    const playerList = expectations.operations.find((op) => op.path === '/liveclientdata/playerlist');
    expect(playerList?.response?.type).toEqual(['array']);
    const keys = Object.keys(playerList?.response?.properties ?? {});
    expect(keys.indexOf('[]')).toBeLessThan(keys.indexOf('[].riotId'));
    expect(keys.indexOf('[].items')).toBeLessThan(keys.indexOf('[].items[].itemID'));
    expect(playerList?.response?.properties).toMatchObject({
      '[].riotId': ['string'],
      '[].items': ['array'],
      '[].items[].itemID': ['integer'],
      '[].respawnTimer': ['number'],
      '[].runes.keystone.id': ['integer'],
    });
  });

  it('leaves out what is read leniently and what is data rather than properties', () => {
    const operations = buildSchemaExpectations().operations;
    const events = operations.find((op) => op.path === '/liveclientdata/eventdata')?.response?.properties;
    expect(events).toMatchObject({ Events: ['array'], 'Events[].EventID': ['integer'] });
    expect(events).not.toHaveProperty(['Events[].KillerName']);
    const particles = operations.find((op) => op.path === '/replay/particles' && op.method === 'post');
    expect(particles?.request).toEqual({ type: ['object'], properties: {} });
  });
});
