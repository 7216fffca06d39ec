import { randomBytes } from 'node:crypto';
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
import type { SqlDatabase, SqlRow, SqlValue } from '../../../platform/db/sqlDatabase';
import { SQL_DIALECTS } from '../../../platform/db/sqlDialect';
import { upsertStatement } from '../../../platform/db/sqlUpsert';
import type { MovedAsideDatabase } from '../../../platform/db/sqliteDatabase';
import { openTournamentDatabase } from './tournamentDatabase';
import type { TournamentDatabaseLocation } from './tournamentDatabaseLocation';
import { ownEntry } from '../../../platform/parsing/ownEntry';

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

/** The parts of a stored code that change after it is made. */
export type CodePatch = Partial<Pick<StoredCode, 'status' | 'gameEndedAt' | 'settings'>>;

/**
 * Providers, tournaments, codes, results and lobby events: in their own SQLite file in the data folder, or in a
 * PostgreSQL database that desks and receivers on several machines share. The same behaviour on both; on
 * PostgreSQL two processes writing at once lose nothing and record nothing twice.
 */
export interface TournamentStore {
  readonly engine: 'file' | 'postgres';
  /** The file's path, or the database's URL with its password shown as "***" (safe to show and log). */
  readonly path: string;
  /** The damaged file this open moved aside (the desk starts anew), or null. */
  readonly movedAside: MovedAsideDatabase | null;
  saveProvider(provider: StoredProvider): Promise<void>;
  listProviders(): Promise<StoredProvider[]>;
  saveTournament(tournament: StoredTournament): Promise<void>;
  listTournaments(): Promise<StoredTournament[]>;
  saveCodes(codes: readonly StoredCode[]): Promise<void>;
  /** Writes the whole row: of two updates at once, one is the row afterwards, never a mix of both. */
  /**
   * Sets only the columns `patch` names, so two desks changing different parts of one code at once (an
   * organizer's new settings, another desk's lobby status) both stand; false when the code is not stored.
   */
  patchCode(code: string, patch: CodePatch): Promise<boolean>;
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
  /**
   * The desk's metaData signing secret (32 random bytes), kept in the database: made by whichever process asks
   * first, the same for every process after.
   */
  signingSecret(): Promise<Buffer>;
  /** Settles once the file is closed or the PostgreSQL pool has ended (its connections are gone); never rejects. */
  close(): Promise<void>;
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

/** Opens the desk's store where it lives (see openTournamentDatabase); a string is the file's path. */
export async function openTournamentStore(
  location: TournamentDatabaseLocation | string,
  options: TournamentStoreOptions = {},
): Promise<TournamentStore> {
  const where: TournamentDatabaseLocation =
    typeof location === 'string' ? { engine: 'file', path: location } : location;
  const { db, shownAs, movedAside } = await openTournamentDatabase(where, options);
  return createTournamentStore(db, shownAs, movedAside, options.callbackLogKeep ?? CALLBACK_LOG_KEEP);
}

/**
 * Codes in the order of their key: two processes saving the same codes take their rows' locks in one order,
 * so neither waits on the other for a lock it holds (PostgreSQL would cancel one as a deadlock).
 */
function inKeyOrder(codes: readonly StoredCode[]): StoredCode[] {
  return [...codes].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** The name of the metaData signing secret's row in desk_secrets. */
export const SIGNING_SECRET = 'metadata-signing';
const SIGNING_SECRET_BYTES = 32;

const CODE_COLUMNS = [
  'code',
  'tournament_id',
  'created_at',
  'settings',
  'metadata',
  'status',
  'game_ended_at',
  'batch_nonce',
];
const SAVE_CODE = upsertStatement('codes', CODE_COLUMNS, ['code']);
const SAVE_PROVIDER = upsertStatement(
  'providers',
  ['provider_id', 'api', 'region', 'callback_url', 'key_fingerprint', 'created_at'],
  ['provider_id'],
);
const SAVE_TOURNAMENT = upsertStatement(
  'tournaments',
  [
    'tournament_id',
    'provider_id',
    'api',
    'name',
    'callback_url',
    'created_at',
    'first_match_at',
    'participants',
    'entry_fee',
    'prize_pool_share',
    'betting',
    'win_condition',
  ],
  ['tournament_id'],
);

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
  db: SqlDatabase,
  path: string,
  movedAside: MovedAsideDatabase | null,
  callbackLogKeep: number,
): TournamentStore {
  const dialect = SQL_DIALECTS[db.engine];
  const num = (row: SqlRow, column: string): number => Number(row[column] ?? 0);
  const str = (row: SqlRow, column: string): string => String(row[column] ?? '');
  const nullableNum = (row: SqlRow, column: string): number | null =>
    row[column] === null || row[column] === undefined ? null : Number(row[column]);
  /** One statement, in a transaction that announces the change to other desks. */
  const write = (table: string, sql: string, args: readonly SqlValue[]) =>
    db.transaction((tx) => tx.execute(sql, args), { changed: table });
  let signingSecret: Promise<Buffer> | null = null;

  const codeFromRow = (row: SqlRow): StoredCode => ({
    code: str(row, 'code'),
    tournamentId: num(row, 'tournament_id'),
    createdAt: num(row, 'created_at'),
    settings: JSON.parse(str(row, 'settings')) as TournamentCodeSettings,
    metadata: str(row, 'metadata'),
    status: str(row, 'status') as TournamentCodeStatus,
    gameEndedAt: nullableNum(row, 'game_ended_at'),
    batchNonce: row.batch_nonce === null || row.batch_nonce === undefined ? null : str(row, 'batch_nonce'),
  });
  const codeArgs = (code: StoredCode): SqlValue[] => [
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
    engine: db.engine,
    path,
    movedAside,
    async saveProvider(provider) {
      await write('providers', SAVE_PROVIDER, [
        provider.providerId,
        provider.api,
        provider.region,
        provider.callbackUrl,
        provider.keyFingerprint,
        provider.createdAt,
      ]);
    },
    async listProviders() {
      const result = await db.execute('SELECT * FROM providers ORDER BY created_at, provider_id');
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
      await write('tournaments', SAVE_TOURNAMENT, [
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
      ]);
    },
    async listTournaments() {
      const result = await db.execute('SELECT * FROM tournaments ORDER BY created_at, tournament_id');
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
      await db.transaction(
        async (tx) => {
          for (const code of inKeyOrder(codes)) await tx.execute(SAVE_CODE, codeArgs(code));
        },
        { changed: 'codes' },
      );
    },
    async patchCode(code, patch) {
      const columns: [string, SqlValue][] = [];
      if (patch.status !== undefined) columns.push(['status', patch.status]);
      if (patch.gameEndedAt !== undefined) columns.push(['game_ended_at', patch.gameEndedAt]);
      if (patch.settings !== undefined) columns.push(['settings', JSON.stringify(patch.settings)]);
      const set = columns.map(([column]) => `${column} = ?`).join(', ');
      const result = await write('codes', `UPDATE codes SET ${set || 'code = code'} WHERE code = ?`, [
        ...columns.map(([, value]) => value),
        code,
      ]);
      return result.rowsAffected > 0;
    },
    async getCode(code) {
      const result = await db.execute('SELECT * FROM codes WHERE code = ?', [code]);
      const row = result.rows[0];
      return row ? codeFromRow(row) : null;
    },
    async codesSignedWith(nonce) {
      const result = await db.execute('SELECT code FROM codes WHERE batch_nonce = ? LIMIT 2', [nonce]);
      return result.rows.map((row) => str(row, 'code'));
    },
    async listCodes() {
      const result = await db.execute('SELECT * FROM codes ORDER BY created_at, code');
      return result.rows.map(codeFromRow);
    },
    async openBatch(batch) {
      await write(
        'code_batches',
        `INSERT INTO code_batches (nonce, tournament_id, asked, asked_at, settings, metadata, created)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          batch.nonce,
          batch.tournamentId,
          batch.asked,
          batch.askedAt,
          JSON.stringify(batch.settings),
          batch.metadata,
          batch.created,
        ],
      );
    },
    async closeBatch(nonce, codes) {
      await db.transaction(
        async (tx) => {
          for (const code of inKeyOrder(codes)) await tx.execute(SAVE_CODE, codeArgs(code));
          await tx.execute('UPDATE code_batches SET created = ? WHERE nonce = ?', [codes.length, nonce]);
        },
        { changed: 'codes' },
      );
    },
    async getBatch(nonce) {
      const result = await db.execute('SELECT * FROM code_batches WHERE nonce = ?', [nonce]);
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
      const result = await db.execute('SELECT COUNT(*) AS n FROM codes WHERE batch_nonce = ?', [nonce]);
      return Number(result.rows[0]?.n ?? 0);
    },
    async recordResult(result) {
      // Review and choice are read from the table, never kept in the record.
      const { review: _review, counts: _counts, ...record } = result;
      const inserted = await db.transaction(
        async (tx) => {
          // The insert takes the result's key (a second receiver waits on it), so one of them records it.
          const added = await tx.execute(
            `INSERT INTO results (code, game_id, tournament_id, source, received_at, record)
             VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (code, game_id) DO NOTHING`,
            [
              result.code,
              result.gameId,
              result.tournamentId,
              result.source,
              result.receivedAt,
              JSON.stringify(record),
            ],
          );
          // A game the choice did not see: the organizer decides again.
          if (added.rowsAffected > 0)
            await tx.execute('DELETE FROM result_choices WHERE code = ?', [result.code]);
          return added.rowsAffected > 0;
        },
        { changed: 'results' },
      );
      return { duplicate: !inserted };
    },
    async recordPlayers(code, gameId, players) {
      const patch =
        'error' in players
          ? { players: 'failed', playersError: players.error }
          : { ...players, players: 'known', playersError: null };
      // One statement: the row is read and written under its own lock, so a concurrent patch is not lost.
      await write(
        'results',
        `UPDATE results SET record = ${dialect.jsonMerge('record')} WHERE code = ? AND game_id = ?`,
        [JSON.stringify(patch), code, gameId],
      );
    },
    async chooseResult(code, gameId, at) {
      const chosen = await write(
        'result_choices',
        `INSERT INTO result_choices (code, game_id, chosen_at)
         SELECT CAST(?1 AS TEXT), CAST(?2 AS BIGINT), CAST(?3 AS BIGINT)
         WHERE EXISTS (SELECT 1 FROM results WHERE code = ?1 AND game_id = ?2)
           AND (SELECT COUNT(*) FROM results WHERE code = ?1) > 1
         ON CONFLICT (code) DO UPDATE SET game_id = excluded.game_id, chosen_at = excluded.chosen_at`,
        [code, gameId, at],
      );
      return chosen.rowsAffected > 0;
    },
    async listResults(filter = {}) {
      const conditions: string[] = [];
      const args: SqlValue[] = [];
      if (filter.tournamentId) {
        conditions.push('r.tournament_id = ?');
        args.push(filter.tournamentId);
      }
      if (filter.code) {
        conditions.push('r.code = ?');
        args.push(filter.code);
      }
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const rows = await db.execute(
        `SELECT r.record, (SELECT COUNT(*) FROM results o WHERE o.code = r.code) AS games,
           c.game_id AS chosen
         FROM results r LEFT JOIN result_choices c ON c.code = r.code
         ${where} ORDER BY r.received_at DESC, r.game_id DESC`,
        args,
      );
      return rows.rows.map((row) =>
        storedResult(JSON.parse(str(row, 'record')) as StoredResultRecord, {
          games: num(row, 'games'),
          chosen: nullableNum(row, 'chosen'),
        }),
      );
    },
    async holdCallback(result) {
      const inserted = await write(
        'held_callbacks',
        `INSERT INTO held_callbacks (code, game_id, received_at, record) VALUES (?, ?, ?, ?)
         ON CONFLICT (code, game_id) DO NOTHING`,
        [result.code, result.gameId, result.receivedAt, JSON.stringify(result)],
      );
      return { duplicate: inserted.rowsAffected === 0 };
    },
    async heldCallbacks(code) {
      const rows = await db.execute(
        `SELECT record FROM held_callbacks ${code === undefined ? '' : 'WHERE code = ?'}
         ORDER BY received_at, game_id`,
        code === undefined ? [] : [code],
      );
      return rows.rows.map((row) => JSON.parse(str(row, 'record')) as TournamentResultView);
    },
    async dropHeldCallback(code, gameId) {
      await write('held_callbacks', 'DELETE FROM held_callbacks WHERE code = ? AND game_id = ?', [
        code,
        gameId,
      ]);
    },
    async appendLobbyEvents(code, events) {
      if (events.length === 0) return 0;
      return db.transaction(
        async (tx) => {
          let added = 0;
          for (const event of events) {
            const inserted = await tx.execute(
              `INSERT INTO lobby_events (code, timestamp, event_type, player) VALUES (?, ?, ?, ?)
               ON CONFLICT DO NOTHING`,
              [code, event.timestamp, event.eventType, event.player],
            );
            added += inserted.rowsAffected;
          }
          return added;
        },
        { changed: 'lobby_events' },
      );
    },
    async lobbyEvents(code) {
      // rowid: the order they came in (an identity column of that name on PostgreSQL).
      const result = await db.execute(
        'SELECT timestamp, event_type, player FROM lobby_events WHERE code = ? ORDER BY timestamp, rowid',
        [code],
      );
      return result.rows.map((row) =>
        lobbyEventView({
          timestamp: num(row, 'timestamp'),
          eventType: str(row, 'event_type'),
          player: str(row, 'player'),
        }),
      );
    },
    async logCallback(entry) {
      await db.transaction(
        async (tx) => {
          await tx.execute('INSERT INTO callback_log (at, short_code, outcome, reason) VALUES (?, ?, ?, ?)', [
            entry.at,
            entry.shortCode,
            entry.outcome,
            entry.reason,
          ]);
          // Counted in the row, under its lock: two receivers counting at once both count.
          await tx.execute(
            `INSERT INTO callback_counts (outcome, n) VALUES (?, 1)
             ON CONFLICT (outcome) DO UPDATE SET n = callback_counts.n + 1`,
            [entry.outcome],
          );
          await tx.execute(
            `DELETE FROM callback_log WHERE outcome = ?1 AND id <=
               (SELECT id FROM callback_log WHERE outcome = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)`,
            [entry.outcome, callbackLogKeep],
          );
        },
        { changed: 'callback_log' },
      );
    },
    async callbackCounts() {
      const result = await db.execute('SELECT outcome, n FROM callback_counts');
      const counts: Record<CallbackOutcome, number> = { accepted: 0, duplicate: 0, rejected: 0 };
      for (const row of result.rows) counts[str(row, 'outcome') as CallbackOutcome] = num(row, 'n');
      return counts;
    },
    async callbackLog(outcome, limit) {
      const result = await db.execute(
        'SELECT at, short_code, outcome, reason FROM callback_log WHERE outcome = ? ORDER BY id DESC LIMIT ?',
        [outcome, limit],
      );
      return result.rows.map((row) => ({
        at: num(row, 'at'),
        shortCode: str(row, 'short_code'),
        outcome: str(row, 'outcome') as CallbackOutcome,
        reason: str(row, 'reason'),
      }));
    },
    signingSecret() {
      signingSecret ??= readOrMakeSigningSecret(db).catch((error: unknown) => {
        signingSecret = null;
        throw error;
      });
      return signingSecret;
    },
    close: () => db.close().catch(() => undefined),
  };
}

/**
 * The signing secret's row: inserted if none is there (a process asking at the same time waits on the key,
 * then inserts nothing), then read, so every process gets the one that was stored first.
 */
async function readOrMakeSigningSecret(db: SqlDatabase): Promise<Buffer> {
  const stored = await db.transaction(
    async (tx) => {
      await tx.execute(
        `INSERT INTO desk_secrets (name, secret, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING`,
        [SIGNING_SECRET, randomBytes(SIGNING_SECRET_BYTES).toString('hex'), Date.now()],
      );
      return tx.execute('SELECT secret FROM desk_secrets WHERE name = ?', [SIGNING_SECRET]);
    },
    { changed: 'desk_secrets' },
  );
  const secret = Buffer.from(String(stored.rows[0]?.secret ?? ''), 'hex');
  if (secret.length !== SIGNING_SECRET_BYTES) {
    throw new Error('The desk’s signing secret in its database is not 32 bytes: it was changed by hand.');
  }
  return secret;
}
