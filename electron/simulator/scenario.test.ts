import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScenarioError, loadScenarioFile, parseScenario } from './scenario';
import { TEN_PLAYERS } from './simulatorTestKit';

const dir = mkdtempSync(join(tmpdir(), 'sightline-scenario-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function problemsOf(input: unknown): readonly string[] {
  try {
    parseScenario(input);
  } catch (error) {
    if (error instanceof ScenarioError) return error.problems;
    throw error;
  }
  throw new Error('expected the scenario to be rejected');
}

const live = (overrides: Record<string, unknown>) => ({
  live: { activePlayer: 'Sightline#EUW', players: TEN_PLAYERS, ...overrides },
});

describe('parseScenario', () => {
  it('fills defaults', () => {
    const scenario = parseScenario(live({}));
    expect(scenario.timeScale).toBe(1);
    expect(scenario.live?.gameData).toEqual({
      gameMode: 'CLASSIC',
      mapName: 'Map11',
      mapNumber: 11,
      mapTerrain: 'Default',
    });
    expect(scenario.live?.loadingSeconds).toBe(5);
    expect(scenario.faults).toEqual([]);
  });

  it('names the path of a bad field', () => {
    const players = TEN_PLAYERS.map((player, index) => (index === 3 ? { ...player, team: 'BLUE' } : player));
    expect(problemsOf(live({ players }))).toEqual([
      expect.stringMatching(/^live\.players\[3\]\.team: .*"ORDER"\|"CHAOS"/),
    ]);
  });

  it('rejects unknown keys (typos) and the wrong Stolen type', () => {
    expect(problemsOf({ ...live({}), timescale: 5 })).toEqual(['(top level): Unrecognized key: "timescale"']);
    const events = [
      { EventName: 'DragonKill', EventTime: 5, KillerName: 'Sightline', DragonType: 'Fire', Stolen: false },
    ];
    expect(problemsOf(live({ events }))).toEqual([
      expect.stringMatching(/^live\.events\[0\]\.Stolen: .*"True"\|"False"/),
    ]);
  });

  it('checks names against the players and the active player', () => {
    const events = [
      { EventName: 'ChampionKill', EventTime: 5, KillerName: 'Turret_T2_L_03_A', VictimName: 'Nobody' },
      { EventName: 'FirstBlood', EventTime: 5, Recipient: 'Sightline' },
    ];
    expect(problemsOf(live({ events }))).toEqual([
      expect.stringMatching(/^live\.events\[0\]\.VictimName: "Nobody" is not a player/),
    ]);
    expect(problemsOf(live({ activePlayer: undefined }))).toEqual([
      'live.activePlayer: is required unless spectator is true',
    ]);
    expect(problemsOf(live({ spectator: true }))).toEqual([
      'live.activePlayer: must be absent when spectator is true',
    ]);
  });

  it('rejects events after GameEnd, and GameStart (it is automatic)', () => {
    const events = [
      { EventName: 'GameEnd', EventTime: 10, Result: 'Win' },
      { EventName: 'MinionsSpawning', EventTime: 20 },
    ];
    expect(problemsOf(live({ events }))).toEqual(['live.events[1].EventTime: is after GameEnd (10 s)']);
    const gameStart = [{ EventName: 'GameStart', EventTime: 0 }];
    expect(problemsOf(live({ events: gameStart }))).toEqual([
      expect.stringMatching(/^live\.events\[0\]\.EventName: /),
    ]);
  });

  it('checks card steps and faults', () => {
    const card = { timeline: [{ at: 1, kind: 'game', PlayerName: 'a', OpponentName: 'b', CardsInDeck: {} }] };
    expect(problemsOf({ card })).toEqual([
      'card.timeline[0].DeckCode: is required on the first step of a game',
    ]);
    expect(problemsOf({ faults: [{ service: 'card', fault: 'unknown-ca' }] })).toEqual([
      'faults[0].fault: "unknown-ca" needs HTTPS; the card client is plain HTTP',
    ]);
    expect(
      problemsOf({ faults: [{ service: 'live', fault: 'refused', paths: ['/x'], from: 5, to: 2 }] }),
    ).toEqual([
      'faults[0].to: "to" must be after "from"',
      'faults[0].paths: cannot be used with "refused", which acts on the connection',
    ]);
  });
});

describe('loadScenarioFile', () => {
  it('says when the file is missing or not JSON', async () => {
    await expect(loadScenarioFile(join(dir, 'missing.json'))).rejects.toThrow(
      /Cannot read scenario file .*missing\.json \(ENOENT\)/,
    );
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "timeScale": ');
    await expect(loadScenarioFile(broken)).rejects.toThrow(/broken\.json is not valid JSON/);
  });

  it('names the file in validation errors', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ timeScale: -1 }));
    await expect(loadScenarioFile(bad)).rejects.toThrow(
      /Invalid scenario file .*bad\.json:\n {2}- timeScale: Too small/,
    );
  });

  it('accepts every example scenario', async () => {
    const examples = new URL('./scenarios/', import.meta.url);
    const files = readdirSync(examples).filter((file) => file.endsWith('.json'));
    expect(files).toEqual(
      expect.arrayContaining([
        'full-game.json',
        'quick.json',
        'spectator.json',
        'replay-disabled.json',
        'faults.json',
      ]),
    );
    for (const file of files)
      await expect(loadScenarioFile(new URL(file, examples).pathname)).resolves.toBeTruthy();
  });
});
