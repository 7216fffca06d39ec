import type { Client, Row } from '@libsql/client';
import { join } from 'node:path';
import {
  LOBBY_EVENT_LABELS,
  type LobbyEventType,
  type LobbyEventView,
  type TournamentApiKind,
  type TournamentCodeSettings,
  type TournamentCodeStatus,
  type TournamentPolicyInput,
  type TournamentRegion,
  type TournamentResultView,
} from '@shared/contract';
import { openSqliteDatabase, openOrRecoverDatabase, type MovedAsideDatabase } from '../../db/sqliteDatabase';
import { TOURNAMENT_MIGRATIONS } from './tournamentMigrations';
import { ownEntry } from '../../parsing/ownEntry';

export const TOURNAMENT_DB_FILE = 'tournaments.db';

/**
 * Entries the callback log keeps per outcome, newest first; older ones are dropped as new ones come
 * (their counts stay). A flood of rejected callbacks cannot grow the database past this.
 */
export const CALLBACK_LOG_KEEP = 500;

export function tournamentDbPath(dataDir: string): string {
  return join(dataDir, TOURNAMENT_DB_FILE);
}

export interface StoredProvider {
  providerId: number;
  api: TournamentApiKind;
  region: TournamentRegion;
  callbackUrl: string;
  keyFingerprint: string;
  createdAt: number;
}

export interface StoredTournament {
  tournamentId: number;
  providerId: number;
  api: TournamentApiKind;
  name: string;
  callbackUrl: string;
  createdAt: number;
  firstMatchAt: number | null;
  policy: TournamentPolicyInput;
}

export interface StoredCode {
  code: string;
  tournamentId: number;
  createdAt: number;
  settings: TournamentCodeSettings;
  /** The organizer's text, without the signature. */
  metadata: string;
  status: TournamentCodeStatus;
  gameEndedAt: number | null;
  /**
   * The nonce signed into the metaData of the call that made the code: a callback must carry it. null for
   * codes stored before nonces were kept.
   */
  batchNonce: string | null;
}

/**
 * One code-creation call: recorded before the call is sent, closed with how many codes it made once the API
 * answered. A batch still open after its call (the process was killed waiting) is pending: its codes exist at
 * the API but not here, and a signed callback naming it is the desk's own.
 */
export interface StoredCodeBatch {
  nonce: string;
  tournamentId: number;
  asked: number;
  askedAt: number;
  settings: TournamentCodeSettings;
  metadata: string;
  /** null while pending. */
  created: number | null;
}

export interface StoredLobbyEvent {
  timestamp: number;
  eventType: string;
  player: string;
}

export type CallbackOutcome = 'accepted' | 'duplicate' | 'rejected';

/** A result's players and length as the lookup by code found them, or why it failed. */
export type ResultPlayers =
  { winners: string[]; losers: string[]; durationSeconds: number } | { error: string };

export interface CallbackLogEntry {
  at: number;
  shortCode: string;
  outcome: CallbackOutcome;
  reason: string;
}

/** Providers, tournaments, codes, results and lobby events, in their own SQLite file in the data folder. */
export interface TournamentStore {
  readonly path: string;
  /** The damaged file this open moved aside (the desk starts anew), or null. */
  readonly movedAside: MovedAsideDatabase | null;
  saveProvider(provider: StoredProvider): Promise<void>;
  listProviders(): Promise<StoredProvider[]>;
  saveTournament(tournament: StoredTournament): Promise<void>;
  listTournaments(): Promise<StoredTournament[]>;
  saveCodes(codes: readonly StoredCode[]): Promise<void>;
  updateCode(code: StoredCode): Promise<void>;
  getCode(code: string): Promise<StoredCode | null>;
  /** The codes whose metaData was signed with this nonce: one, for codes made one per call; up to two are read. */
  codesSignedWith(nonce: string): Promise<string[]>;
  listCodes(): Promise<StoredCode[]>;
  /** Records a batch before its call is sent (created null). */
  openBatch(batch: StoredCodeBatch): Promise<void>;
  /** The call answered: stores its codes and closes the batch with their number, in one transaction. */
  closeBatch(nonce: string, codes: readonly StoredCode[]): Promise<void>;
  getBatch(nonce: string): Promise<StoredCodeBatch | null>;
  /** How many codes the desk holds of a batch. */
  batchSize(nonce: string): Promise<number>;
  /**
   * Stores a result once: the same code and game again is a duplicate and changes nothing. Another game of a
   * code puts the code up for review again, whatever was chosen before.
   */
  recordResult(result: TournamentResultView): Promise<{ duplicate: boolean }>;
  /** Newest first, each with `review` and `counts` from the code's games and the organizer's choice. */
  listResults(filter?: { tournamentId?: number | null; code?: string }): Promise<TournamentResultView[]>;
  /** Keeps the players and length looked up for a stored result, or why the lookup failed. */
  recordPlayers(code: string, gameId: number, players: ResultPlayers): Promise<void>;
  /** The game that counts for a code with more than one; false when the code has no such game stored. */
  chooseResult(code: string, gameId: number, at: number): Promise<boolean>;
  /** Keeps a callback until games/by-code confirms its game; the same code and game again is a duplicate. */
  holdCallback(result: TournamentResultView): Promise<{ duplicate: boolean }>;
  /** Oldest first. */
  heldCallbacks(code?: string): Promise<TournamentResultView[]>;
  dropHeldCallback(code: string, gameId: number): Promise<void>;
  /** Adds events not seen before; returns how many were new. */
  appendLobbyEvents(code: string, events: readonly StoredLobbyEvent[]): Promise<number>;
  lobbyEvents(code: string): Promise<LobbyEventView[]>;
  /** Counts the entry and keeps it among the newest `callbackLogKeep` of its outcome. */
  logCallback(entry: CallbackLogEntry): Promise<void>;
  /** Every callback ever logged, including entries the log no longer keeps. */
  callbackCounts(): Promise<Record<CallbackOutcome, number>>;
  /** Newest first. */
  callbackLog(outcome: CallbackOutcome, limit: number): Promise<CallbackLogEntry[]>;
  close(): void;
}

export interface TournamentStoreOptions {
  /** CALLBACK_LOG_KEEP unless told otherwise (tests). */
  callbackLogKeep?: number;
  /** The clock of the moved-aside file's name. */
  now?: () => number;
  /**
   * Move a damaged file aside and start anew (default true). The standalone receiver says false: an empty desk
   * would refuse every callback, so it fails instead and leaves the copy as it is.
   */
  recoverDamaged?: boolean;
}

export async function openTournamentStore(
  path: string,
  options: TournamentStoreOptions = {},
): Promise<TournamentStore> {
  // A damaged file is moved aside, as the history's is (see openOrRecoverDatabase).
  const { client, movedAside } =
    (options.recoverDamaged ?? true)
      ? await openOrRecoverDatabase(path, TOURNAMENT_MIGRATIONS, { now: options.now })
      : { client: await openSqliteDatabase(path, TOURNAMENT_MIGRATIONS), movedAside: null };
  return createTournamentStore(client, path, movedAside, options.callbackLogKeep ?? CALLBACK_LOG_KEEP);
}

/** A result as stored: rows from before the players lookup lack its fields. */
type StoredResultRecord = Omit<
  TournamentResultView,
  'review' | 'counts' | 'winners' | 'losers' | 'durationSeconds' | 'players' | 'playersError'
> &
  Partial<TournamentResultView>;

/** The stored record with the lookup's defaults, and the code's review state from its games and the choice. */
function storedResult(
  record: StoredResultRecord,
  code: { games: number; chosen: number | null },
): TournamentResultView {
  const several = code.games > 1;
  return {
    ...record,
    winners: record.winners ?? [],
    losers: record.losers ?? [],
    durationSeconds: record.durationSeconds ?? null,
    players: record.players ?? 'looking-up',
    playersError: record.playersError ?? null,
    review: several && code.chosen === null,
    counts: several && code.chosen !== null ? code.chosen === record.gameId : null,
  };
}

export function lobbyEventView(event: StoredLobbyEvent): LobbyEventView {
  const label = ownEntry<string>(LOBBY_EVENT_LABELS, event.eventType) ?? event.eventType;
  return { ...event, label };
}

export const isLobbyEventType = (type: string): type is LobbyEventType =>
  Object.hasOwn(LOBBY_EVENT_LABELS, type);

function createTournamentStore(
  client: Client,
  path: string,
  movedAside: MovedAsideDatabase | null,
  callbackLogKeep: number,
): TournamentStore {
  const num = (row: Row, column: string): number => Number(row[column] ?? 0);
  const str = (row: Row, column: string): string => String(row[column] ?? '');
  const nullableNum = (row: Row, column: string): number | null =>
    row[column] === null || row[column] === undefined ? null : Number(row[column]);

  const codeFromRow = (row: Row): StoredCode => ({
    code: str(row, 'code'),
    tournamentId: num(row, 'tournament_id'),
    createdAt: num(row, 'created_at'),
    settings: JSON.parse(str(row, 'settings')) as TournamentCodeSettings,
    metadata: str(row, 'metadata'),
    status: str(row, 'status') as TournamentCodeStatus,
    gameEndedAt: nullableNum(row, 'game_ended_at'),
    batchNonce: row.batch_nonce === null || row.batch_nonce === undefined ? null : str(row, 'batch_nonce'),
  });
  const codeArgs = (code: StoredCode) => [
    code.code,
    code.tournamentId,
    code.createdAt,
    JSON.stringify(code.settings),
    code.metadata,
    code.status,
    code.gameEndedAt,
    code.batchNonce,
  ];

  return {
    path,
    movedAside,
    async saveProvider(provider) {
      await client.execute({
        sql: `INSERT OR REPLACE INTO providers (provider_id, api, region, callback_url, key_fingerprint, created_at)
              VALUES (?, ?, ?, ?, ?, ?)`,
        args: [
          provider.providerId,
          provider.api,
          provider.region,
          provider.callbackUrl,
          provider.keyFingerprint,
          provider.createdAt,
        ],
      });
    },
    async listProviders() {
      const result = await client.execute('SELECT * FROM providers ORDER BY created_at, provider_id');
      return result.rows.map((row) => ({
        providerId: num(row, 'provider_id'),
        api: str(row, 'api') as TournamentApiKind,
        region: str(row, 'region') as TournamentRegion,
        callbackUrl: str(row, 'callback_url'),
        keyFingerprint: str(row, 'key_fingerprint'),
        createdAt: num(row, 'created_at'),
      }));
    },
    async saveTournament(tournament) {
      await client.execute({
        sql: `INSERT OR REPLACE INTO tournaments (tournament_id, provider_id, api, name, callback_url, created_at,
                first_match_at, participants, entry_fee, prize_pool_share, betting, win_condition)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          tournament.tournamentId,
          tournament.providerId,
          tournament.api,
          tournament.name,
          tournament.callbackUrl,
          tournament.createdAt,
          tournament.firstMatchAt,
          tournament.policy.participants,
          tournament.policy.entryFee,
          tournament.policy.prizePoolShare,
          tournament.policy.betting ? 1 : 0,
          tournament.policy.winCondition,
        ],
      });
    },
    async listTournaments() {
      const result = await client.execute('SELECT * FROM tournaments ORDER BY created_at, tournament_id');
      return result.rows.map((row) => ({
        tournamentId: num(row, 'tournament_id'),
        providerId: num(row, 'provider_id'),
        api: str(row, 'api') as TournamentApiKind,
        name: str(row, 'name'),
        callbackUrl: str(row, 'callback_url'),
        createdAt: num(row, 'created_at'),
        firstMatchAt: nullableNum(row, 'first_match_at'),
        policy: {
          participants: num(row, 'participants'),
          entryFee: num(row, 'entry_fee'),
          prizePoolShare: num(row, 'prize_pool_share'),
          betting: num(row, 'betting') === 1,
          winCondition: str(row, 'win_condition'),
        },
      }));
    },
    async saveCodes(codes) {
      if (codes.length === 0) return;
      await client.batch(
        codes.map((code) => ({
          sql: `INSERT OR REPLACE INTO codes (code, tournament_id, created_at, settings, metadata, status, game_ended_at,
                  batch_nonce)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          args: codeArgs(code),
        })),
        'write',
      );
    },
    async updateCode(code) {
      await client.execute({
        sql: `UPDATE codes SET tournament_id = ?2, created_at = ?3, settings = ?4, metadata = ?5, status = ?6,
                game_ended_at = ?7, batch_nonce = ?8 WHERE code = ?1`,
        args: codeArgs(code),
      });
    },
    async getCode(code) {
      const result = await client.execute({ sql: 'SELECT * FROM codes WHERE code = ?', args: [code] });
      const row = result.rows[0];
      return row ? codeFromRow(row) : null;
    },
    async codesSignedWith(nonce) {
      const result = await client.execute({
        sql: 'SELECT code FROM codes WHERE batch_nonce = ? LIMIT 2',
        args: [nonce],
      });
      return result.rows.map((row) => str(row, 'code'));
    },
    async listCodes() {
      const result = await client.execute('SELECT * FROM codes ORDER BY created_at, code');
      return result.rows.map(codeFromRow);
    },
    async openBatch(batch) {
      await client.execute({
        sql: `INSERT INTO code_batches (nonce, tournament_id, asked, asked_at, settings, metadata, created)
              VALUES (?, ?, ?, ?, ?, ?, ?)`,
        args: [
          batch.nonce,
          batch.tournamentId,
          batch.asked,
          batch.askedAt,
          JSON.stringify(batch.settings),
          batch.metadata,
          batch.created,
        ],
      });
    },
    async closeBatch(nonce, codes) {
      await client.batch(
        [
          ...codes.map((code) => ({
            sql: `INSERT OR REPLACE INTO codes (code, tournament_id, created_at, settings, metadata, status,
                    game_ended_at, batch_nonce)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            args: codeArgs(code),
          })),
          { sql: 'UPDATE code_batches SET created = ? WHERE nonce = ?', args: [codes.length, nonce] },
        ],
        'write',
      );
    },
    async getBatch(nonce) {
      const result = await client.execute({
        sql: 'SELECT * FROM code_batches WHERE nonce = ?',
        args: [nonce],
      });
      const row = result.rows[0];
      if (!row) return null;
      return {
        nonce: str(row, 'nonce'),
        tournamentId: num(row, 'tournament_id'),
        asked: num(row, 'asked'),
        askedAt: num(row, 'asked_at'),
        settings: JSON.parse(str(row, 'settings')) as TournamentCodeSettings,
        metadata: str(row, 'metadata'),
        created: nullableNum(row, 'created'),
      };
    },
    async batchSize(nonce) {
      const result = await client.execute({
        sql: 'SELECT COUNT(*) AS n FROM codes WHERE batch_nonce = ?',
        args: [nonce],
      });
      return Number(result.rows[0]?.n ?? 0);
    },
    async recordResult(result) {
      // Review and choice are read from the table, never kept in the record.
      const { review: _review, counts: _counts, ...record } = result;
      const [inserted] = await client.batch(
        [
          {
            sql: `INSERT INTO results (code, game_id, tournament_id, source, received_at, record)
                  VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (code, game_id) DO NOTHING`,
            args: [
              result.code,
              result.gameId,
              result.tournamentId,
              result.source,
              result.receivedAt,
              JSON.stringify(record),
            ],
          },
          // A game the choice did not see: the organizer decides again.
          {
            sql: 'DELETE FROM result_choices WHERE code = ? AND changes() > 0',
            args: [result.code],
          },
        ],
        'write',
      );
      return { duplicate: inserted?.rowsAffected === 0 };
    },
    async recordPlayers(code, gameId, players) {
      const patch =
        'error' in players
          ? { players: 'failed', playersError: players.error }
          : { ...players, players: 'known', playersError: null };
      await client.execute({
        sql: 'UPDATE results SET record = json_patch(record, ?) WHERE code = ? AND game_id = ?',
        args: [JSON.stringify(patch), code, gameId],
      });
    },
    async chooseResult(code, gameId, at) {
      const chosen = await client.execute({
        sql: `INSERT INTO result_choices (code, game_id, chosen_at)
              SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM results WHERE code = ?1 AND game_id = ?2)
                AND (SELECT COUNT(*) FROM results WHERE code = ?1) > 1
              ON CONFLICT (code) DO UPDATE SET game_id = excluded.game_id, chosen_at = excluded.chosen_at`,
        args: [code, gameId, at],
      });
      return chosen.rowsAffected > 0;
    },
    async listResults(filter = {}) {
      const conditions: string[] = [];
      const args: (string | number)[] = [];
      if (filter.tournamentId) {
        conditions.push('r.tournament_id = ?');
        args.push(filter.tournamentId);
      }
      if (filter.code) {
        conditions.push('r.code = ?');
        args.push(filter.code);
      }
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const rows = await client.execute({
        sql: `SELECT r.record, (SELECT COUNT(*) FROM results o WHERE o.code = r.code) AS games,
                c.game_id AS chosen
              FROM results r LEFT JOIN result_choices c ON c.code = r.code
              ${where} ORDER BY r.received_at DESC, r.game_id DESC`,
        args,
      });
      return rows.rows.map((row) =>
        storedResult(JSON.parse(str(row, 'record')) as StoredResultRecord, {
          games: num(row, 'games'),
          chosen: nullableNum(row, 'chosen'),
        }),
      );
    },
    async holdCallback(result) {
      const inserted = await client.execute({
        sql: `INSERT INTO held_callbacks (code, game_id, received_at, record) VALUES (?, ?, ?, ?)
              ON CONFLICT (code, game_id) DO NOTHING`,
        args: [result.code, result.gameId, result.receivedAt, JSON.stringify(result)],
      });
      return { duplicate: inserted.rowsAffected === 0 };
    },
    async heldCallbacks(code) {
      const rows = await client.execute({
        sql: `SELECT record FROM held_callbacks ${code === undefined ? '' : 'WHERE code = ?'}
              ORDER BY received_at, game_id`,
        args: code === undefined ? [] : [code],
      });
      return rows.rows.map((row) => JSON.parse(str(row, 'record')) as TournamentResultView);
    },
    async dropHeldCallback(code, gameId) {
      await client.execute({
        sql: 'DELETE FROM held_callbacks WHERE code = ? AND game_id = ?',
        args: [code, gameId],
      });
    },
    async appendLobbyEvents(code, events) {
      if (events.length === 0) return 0;
      const results = await client.batch(
        events.map((event) => ({
          sql: `INSERT INTO lobby_events (code, timestamp, event_type, player) VALUES (?, ?, ?, ?)
                ON CONFLICT DO NOTHING`,
          args: [code, event.timestamp, event.eventType, event.player],
        })),
        'write',
      );
      return results.reduce((added, result) => added + result.rowsAffected, 0);
    },
    async lobbyEvents(code) {
      const result = await client.execute({
        sql: 'SELECT timestamp, event_type, player FROM lobby_events WHERE code = ? ORDER BY timestamp, rowid',
        args: [code],
      });
      return result.rows.map((row) =>
        lobbyEventView({
          timestamp: num(row, 'timestamp'),
          eventType: str(row, 'event_type'),
          player: str(row, 'player'),
        }),
      );
    },
    async logCallback(entry) {
      await client.batch(
        [
          {
            sql: 'INSERT INTO callback_log (at, short_code, outcome, reason) VALUES (?, ?, ?, ?)',
            args: [entry.at, entry.shortCode, entry.outcome, entry.reason],
          },
          {
            sql: `INSERT INTO callback_counts (outcome, n) VALUES (?, 1)
                  ON CONFLICT (outcome) DO UPDATE SET n = n + 1`,
            args: [entry.outcome],
          },
          {
            sql: `DELETE FROM callback_log WHERE outcome = ?1 AND id <=
                    (SELECT id FROM callback_log WHERE outcome = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)`,
            args: [entry.outcome, callbackLogKeep],
          },
        ],
        'write',
      );
    },
    async callbackCounts() {
      const result = await client.execute('SELECT outcome, n FROM callback_counts');
      const counts: Record<CallbackOutcome, number> = { accepted: 0, duplicate: 0, rejected: 0 };
      for (const row of result.rows) counts[str(row, 'outcome') as CallbackOutcome] = num(row, 'n');
      return counts;
    },
    async callbackLog(outcome, limit) {
      const result = await client.execute({
        sql: 'SELECT at, short_code, outcome, reason FROM callback_log WHERE outcome = ? ORDER BY id DESC LIMIT ?',
        args: [outcome, limit],
      });
      return result.rows.map((row) => ({
        at: num(row, 'at'),
        shortCode: str(row, 'short_code'),
        outcome: str(row, 'outcome') as CallbackOutcome,
        reason: str(row, 'reason'),
      }));
    },
    close: () => client.close(),
  };
}
