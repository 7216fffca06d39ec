import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parseScenario } from './scenario';
import type { Scenario, ScenarioInput } from './scenario';

/** Shared by the simulator's own tests: a small game and a raw HTTP(S) client that reports what the wire did. */

export const TEN_PLAYERS: NonNullable<ScenarioInput['live']>['players'] = [
  {
    riotId: 'Sightline#EUW',
    championId: 'Ahri',
    team: 'ORDER',
    position: 'MIDDLE',
    runes: { keystone: 'Electrocute', primaryRuneTree: 'Domination', secondaryRuneTree: 'Sorcery' },
  },
  { riotId: 'DemacianWall#EUW', championId: 'Garen', team: 'ORDER', position: 'TOP' },
  {
    riotId: 'BlindMonk#EUW',
    championId: 'LeeSin',
    team: 'ORDER',
    position: 'JUNGLE',
    summonerSpells: ['Flash', 'Smite'],
  },
  {
    riotId: 'GetExcited#EUW',
    championId: 'Jinx',
    team: 'ORDER',
    position: 'BOTTOM',
    summonerSpells: ['Flash', 'Heal'],
  },
  { riotId: 'Lanternist#EUW', championId: 'Thresh', team: 'ORDER', position: 'UTILITY' },
  { riotId: 'NoxianMight#EUNE', championId: 'Darius', team: 'CHAOS', position: 'TOP' },
  {
    riotId: 'PiltoverFist#EUW',
    championId: 'Vi',
    team: 'CHAOS',
    position: 'JUNGLE',
    summonerSpells: ['Flash', 'Smite'],
  },
  { riotId: 'DarkSovereign#EUW', championId: 'Syndra', team: 'CHAOS', position: 'MIDDLE' },
  { riotId: 'Headshot#EUW', championId: 'Caitlyn', team: 'CHAOS', position: 'BOTTOM' },
  { riotId: 'Solstice#EUW', championId: 'Leona', team: 'CHAOS', position: 'UTILITY' },
];

/** Process at 1 s, loading 2 s (game starts at scenario 3 s), GameEnd at game 40 s, closed at game 45 s. */
export function smallScenario(overrides: Partial<ScenarioInput> = {}): Scenario {
  return parseScenario({
    timeScale: 10,
    live: {
      processStartsAt: 1,
      loadingSeconds: 2,
      closesAfterEndSeconds: 5,
      activePlayer: 'Sightline#EUW',
      players: TEN_PLAYERS,
      events: [
        {
          EventName: 'ChampionKill',
          EventTime: 10,
          KillerName: 'Sightline',
          VictimName: 'DarkSovereign',
          Assisters: ['BlindMonk'],
        },
        { EventName: 'FirstBlood', EventTime: 10, Recipient: 'Sightline' },
        {
          EventName: 'DragonKill',
          EventTime: 20,
          KillerName: 'PiltoverFist',
          Assisters: [],
          DragonType: 'Fire',
          Stolen: 'True',
        },
        { EventName: 'GameEnd', EventTime: 40, Result: 'Win' },
      ],
      playerUpdates: [{ time: 15, player: 'Sightline', level: 4, creepScore: 31, wardScore: 2.5 }],
    },
    card: { timeline: [] },
    replay: { enabled: true, length: 600 },
    ...overrides,
  });
}

export interface WireResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Real ms from sending to the headers and to the end of the body. */
  headersMs: number;
  totalMs: number;
}

export interface FetchOptions {
  method?: string;
  body?: unknown;
  /** HTTPS: CA to pin; the hostname check is skipped (the leaf is named "rclient"). */
  ca?: string;
  /** HTTPS: keep the default hostname check (and default trust when ca is absent). */
  checkHostname?: boolean;
  timeoutMs?: number;
}

/** One request on a fresh connection; rejects with the socket/TLS error, like a real client would see it. */
export function fetchRaw(url: string, options: FetchOptions = {}): Promise<WireResult> {
  const target = new URL(url);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const common = {
      method: options.method ?? (payload ? 'POST' : 'GET'),
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      agent: false as const,
      headers: payload
        ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }
        : {},
    };
    const onResponse = (res: IncomingMessage): void => {
      const headersMs = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('aborted', () => reject(new Error('response aborted')));
      res.on('error', reject);
      res.on('end', () => {
        if (!res.complete) return reject(new Error('response incomplete'));
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          headersMs,
          totalMs: performance.now() - started,
        });
      });
    };
    const req =
      target.protocol === 'https:'
        ? httpsRequest(
            {
              ...common,
              ...(options.ca ? { ca: options.ca } : {}),
              ...(options.checkHostname ? {} : { checkServerIdentity: () => undefined }),
            },
            onResponse,
          )
        : httpRequest(common, onResponse);
    req.setTimeout(options.timeoutMs ?? 3000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

export async function fetchJson(
  url: string,
  options: FetchOptions = {},
): Promise<{ status: number; json: unknown }> {
  const result = await fetchRaw(url, options);
  return { status: result.status, json: JSON.parse(result.body) };
}

/** The error code a request fails with (ECONNREFUSED, SELF_SIGNED_CERT_IN_CHAIN, …), or "ok". */
export async function failureCode(url: string, options: FetchOptions = {}): Promise<string> {
  try {
    await fetchRaw(url, options);
    return 'ok';
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
    return error instanceof Error ? error.message : String(error);
  }
}
