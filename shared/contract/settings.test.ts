import { describe, expect, it } from 'vitest';
import { settingsPatchSchema, settingsSchema } from './settings';

describe('settingsSchema', () => {
  it('fills every default from an empty file', () => {
    const settings = settingsSchema.parse({});
    expect(settings.live).toEqual({ url: 'https://127.0.0.1:2999', pollIntervalMs: 1000 });
    expect(settings.card.port).toBe(21337);
    expect(settings.host.port).toBe(0);
  });

  it('refuses a live poll faster than once per second', () => {
    const result = settingsSchema.safeParse({ live: { pollIntervalMs: 250 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['live', 'pollIntervalMs']);
  });

  it('keeps a partial section and defaults the rest', () => {
    expect(settingsSchema.parse({ card: { port: 4000 } }).card.port).toBe(4000);
  });

  it('shows three overlay windows at first, and only overlays that exist', () => {
    expect(settingsSchema.parse({}).overlays.windows).toEqual(['arena', 'deck-tracker']);
    expect(settingsSchema.parse({ overlays: { windows: [] } }).overlays.windows).toEqual([]);
    expect(settingsSchema.safeParse({ overlays: { windows: ['nope'] } }).success).toBe(false);
  });

  it('keeps the arena region, na by default, and refuses an unknown one', () => {
    expect(settingsSchema.parse({}).staticData.region).toBe('na');
    expect(settingsSchema.parse({ staticData: { region: 'kr' } }).staticData.region).toBe('kr');
    const unknown = settingsPatchSchema.safeParse({ staticData: { region: 'mars' } });
    expect(unknown.error?.issues[0]?.message).toBe('must be a region like na or euw');
  });
});

describe('the caster’s team names and tags', () => {
  it('are empty by default, so the bar keeps the game’s Blue and Red', () => {
    expect(settingsSchema.parse({}).broadcast).toEqual({
      blueName: '',
      blueTag: '',
      redName: '',
      redTag: '',
    });
  });

  it('take a name of up to 32 characters and a tag of up to 5, trimmed, and refuse longer ones by field', () => {
    const patch = settingsPatchSchema.parse({
      broadcast: { blueName: ` ${'N'.repeat(32)} `, redTag: 'GEN  ' },
    });
    expect(patch.broadcast).toEqual({ blueName: 'N'.repeat(32), redTag: 'GEN' });
    const long = settingsPatchSchema.safeParse({
      broadcast: { redName: 'N'.repeat(33), blueTag: 'TOOLONG' },
    });
    expect(long.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['broadcast.blueTag', 'at most 5 characters'],
      ['broadcast.redName', 'at most 32 characters'],
    ]);
  });

  it('are changed one field at a time', () => {
    expect(settingsPatchSchema.parse({ broadcast: { redTag: 'T1' } })).toEqual({
      broadcast: { redTag: 'T1' },
    });
    expect(settingsPatchSchema.safeParse({ broadcast: { greenName: 'x' } }).success).toBe(false);
  });
});

describe('the tournament-enabled key setting', () => {
  it('is off by default, so the desk uses the tournament stub until the user confirms the key', () => {
    expect(settingsSchema.parse({}).webApi.tournamentKeyConfirmed).toBe(false);
    expect(settingsSchema.parse({ webApi: { keyKind: 'personal' } }).webApi.tournamentKeyConfirmed).toBe(
      false,
    );
  });

  it('is changed alone by a patch, and only to a yes or no', () => {
    expect(settingsPatchSchema.parse({ webApi: { tournamentKeyConfirmed: true } })).toEqual({
      webApi: { tournamentKeyConfirmed: true },
    });
    expect(settingsPatchSchema.safeParse({ webApi: { tournamentKeyConfirmed: 'yes' } }).success).toBe(false);
  });
});

describe('settingsPatchSchema', () => {
  it('accepts a subset', () => {
    expect(settingsPatchSchema.parse({ card: { port: 1234 } })).toEqual({ card: { port: 1234 } });
  });

  it('refuses unknown keys and non-http URLs', () => {
    expect(settingsPatchSchema.safeParse({ apiKey: 'x' }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ live: { url: 'file:///etc/passwd' } }).success).toBe(false);
  });
});

describe('replay hotkeys in settings', () => {
  it('keeps a valid change and refuses a clash or an unknown command with the command named', () => {
    expect(
      settingsSchema.parse({ replay: { hotkeys: { 'toggle-pause': 'Ctrl+Alt+P' } } }).replay.hotkeys,
    ).toEqual({
      'toggle-pause': 'Ctrl+Alt+P',
    });
    const clash = settingsPatchSchema.safeParse({ replay: { hotkeys: { 'seek-back': 'Alt+Shift+Space' } } });
    expect(clash.success).toBe(false);
    expect(clash.error?.issues[0]?.path).toEqual(['replay', 'hotkeys', 'seek-back']);
    expect(settingsPatchSchema.safeParse({ replay: { hotkeys: { jump: 'Alt+J' } } }).success).toBe(false);
  });
});
