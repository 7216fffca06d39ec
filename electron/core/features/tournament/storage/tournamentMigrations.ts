import type { Migration } from '../../../platform/db/migration';

/**
 * The tournament database's schema (its own file, tournaments.db, with the history's migration
 * mechanism; or a PostgreSQL database desks share). Append only: a shipped migration never changes. The same
 * versions on both engines: a step SQLite's form cannot take on PostgreSQL has a `postgres` form beside it,
 * with BIGINT for epoch milliseconds and ids, DOUBLE PRECISION for REAL, and no WITHOUT ROWID.
 */
export const TOURNAMENT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'providers, tournaments, codes, results, lobby events and the callback log',
    statements: [
      `CREATE TABLE providers (
        provider_id INTEGER PRIMARY KEY,
        api TEXT NOT NULL,
        region TEXT NOT NULL,
        callback_url TEXT NOT NULL,
        -- a hash telling keys apart; the key itself is never stored
        key_fingerprint TEXT NOT NULL,
        created_at INTEGER NOT NULL
      )`,
      `CREATE TABLE tournaments (
        tournament_id INTEGER PRIMARY KEY,
        provider_id INTEGER NOT NULL,
        api TEXT NOT NULL,
        name TEXT NOT NULL,
        -- the provider's URL at creation: callbacks keep going there
        callback_url TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        first_match_at INTEGER,
        participants INTEGER NOT NULL,
        entry_fee REAL NOT NULL,
        prize_pool_share REAL NOT NULL,
        betting INTEGER NOT NULL
      )`,
      `CREATE TABLE codes (
        code TEXT PRIMARY KEY,
        tournament_id INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        settings TEXT NOT NULL,
        metadata TEXT NOT NULL,
        status TEXT NOT NULL,
        game_ended_at INTEGER
      ) WITHOUT ROWID`,
      'CREATE INDEX codes_by_tournament ON codes (tournament_id, created_at)',
      `CREATE TABLE results (
        code TEXT NOT NULL,
        game_id INTEGER NOT NULL,
        tournament_id INTEGER NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('callback', 'fallback')),
        received_at INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (code, game_id)
      ) WITHOUT ROWID`,
      'CREATE INDEX results_by_time ON results (received_at)',
      `CREATE TABLE lobby_events (
        code TEXT NOT NULL,
        timestamp INTEGER NOT NULL,
        event_type TEXT NOT NULL,
        player TEXT NOT NULL,
        PRIMARY KEY (code, timestamp, event_type, player)
      )`,
      `CREATE TABLE callback_log (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        short_code TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('accepted', 'duplicate', 'rejected')),
        reason TEXT NOT NULL
      )`,
    ],
    postgres: [
      `CREATE TABLE providers (
        provider_id BIGINT PRIMARY KEY,
        api TEXT NOT NULL,
        region TEXT NOT NULL,
        callback_url TEXT NOT NULL,
        key_fingerprint TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE tournaments (
        tournament_id BIGINT PRIMARY KEY,
        provider_id BIGINT NOT NULL,
        api TEXT NOT NULL,
        name TEXT NOT NULL,
        callback_url TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        first_match_at BIGINT,
        participants BIGINT NOT NULL,
        entry_fee DOUBLE PRECISION NOT NULL,
        prize_pool_share DOUBLE PRECISION NOT NULL,
        betting BIGINT NOT NULL
      )`,
      `CREATE TABLE codes (
        code TEXT PRIMARY KEY,
        tournament_id BIGINT NOT NULL,
        created_at BIGINT NOT NULL,
        settings TEXT NOT NULL,
        metadata TEXT NOT NULL,
        status TEXT NOT NULL,
        game_ended_at BIGINT
      )`,
      'CREATE INDEX codes_by_tournament ON codes (tournament_id, created_at)',
      `CREATE TABLE results (
        code TEXT NOT NULL,
        game_id BIGINT NOT NULL,
        tournament_id BIGINT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('callback', 'fallback')),
        received_at BIGINT NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (code, game_id)
      )`,
      'CREATE INDEX results_by_time ON results (received_at)',
      `CREATE TABLE lobby_events (
        code TEXT NOT NULL,
        timestamp BIGINT NOT NULL,
        event_type TEXT NOT NULL,
        player TEXT NOT NULL,
        -- the order events came in, named as SQLite's implicit rowid so one ORDER BY serves both engines
        rowid BIGINT GENERATED ALWAYS AS IDENTITY,
        PRIMARY KEY (code, timestamp, event_type, player)
      )`,
      `CREATE TABLE callback_log (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at BIGINT NOT NULL,
        short_code TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('accepted', 'duplicate', 'rejected')),
        reason TEXT NOT NULL
      )`,
    ],
  },
  {
    version: 2,
    description: 'the signed batch nonce of each code, and callbacks held until games/by-code confirms them',
    statements: [
      // NULL for codes made before: their callbacks are checked by tournament only.
      'ALTER TABLE codes ADD COLUMN batch_nonce TEXT',
      `CREATE TABLE held_callbacks (
        code TEXT NOT NULL,
        game_id INTEGER NOT NULL,
        received_at INTEGER NOT NULL,
        -- the result as the callback reported it, recorded once games/by-code lists the game
        record TEXT NOT NULL,
        PRIMARY KEY (code, game_id)
      ) WITHOUT ROWID`,
    ],
    postgres: [
      'ALTER TABLE codes ADD COLUMN batch_nonce TEXT',
      `CREATE TABLE held_callbacks (
        code TEXT NOT NULL,
        game_id BIGINT NOT NULL,
        received_at BIGINT NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (code, game_id)
      )`,
    ],
  },
  {
    version: 3,
    description: 'callback counts kept apart from the callback log, which keeps only its newest entries',
    statements: [
      `CREATE TABLE callback_counts (
        outcome TEXT PRIMARY KEY,
        n INTEGER NOT NULL
      ) WITHOUT ROWID`,
      'INSERT INTO callback_counts (outcome, n) SELECT outcome, COUNT(*) FROM callback_log GROUP BY outcome',
      'CREATE INDEX callback_log_by_outcome ON callback_log (outcome, id)',
    ],
    postgres: [
      `CREATE TABLE callback_counts (
        outcome TEXT PRIMARY KEY,
        n BIGINT NOT NULL
      )`,
      'INSERT INTO callback_counts (outcome, n) SELECT outcome, COUNT(*) FROM callback_log GROUP BY outcome',
      'CREATE INDEX callback_log_by_outcome ON callback_log (outcome, id)',
    ],
  },
  {
    version: 4,
    description: 'the win condition each tournament states to its players',
    statements: [
      // '' for tournaments created before the desk asked for it: shown as not stated.
      "ALTER TABLE tournaments ADD COLUMN win_condition TEXT NOT NULL DEFAULT ''",
    ],
  },
  {
    version: 5,
    description: 'code batches, recorded before their creation call is sent, and codes looked up by batch',
    statements: [
      `CREATE TABLE code_batches (
        nonce TEXT PRIMARY KEY,
        tournament_id INTEGER NOT NULL,
        -- how many codes the call asked for: a pending batch adopts no more than this
        asked INTEGER NOT NULL,
        asked_at INTEGER NOT NULL,
        settings TEXT NOT NULL,
        metadata TEXT NOT NULL,
        -- NULL while the call has not answered (or the process died waiting): its codes are unknown
        created INTEGER
      ) WITHOUT ROWID`,
      'CREATE INDEX codes_by_batch ON codes (batch_nonce)',
    ],
    postgres: [
      `CREATE TABLE code_batches (
        nonce TEXT PRIMARY KEY,
        tournament_id BIGINT NOT NULL,
        asked BIGINT NOT NULL,
        asked_at BIGINT NOT NULL,
        settings TEXT NOT NULL,
        metadata TEXT NOT NULL,
        created BIGINT
      )`,
      'CREATE INDEX codes_by_batch ON codes (batch_nonce)',
    ],
  },
  {
    version: 6,
    description: 'the game the organizer chose for a code that has more than one',
    statements: [
      `CREATE TABLE result_choices (
        code TEXT PRIMARY KEY,
        game_id INTEGER NOT NULL,
        chosen_at INTEGER NOT NULL
      ) WITHOUT ROWID`,
    ],
    postgres: [
      `CREATE TABLE result_choices (
        code TEXT PRIMARY KEY,
        game_id BIGINT NOT NULL,
        chosen_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 7,
    description:
      'the metaData signing secret of the desk, kept with the codes it signs so every desk and receiver has it',
    statements: [
      // hex text, the same on both engines; one row per secret, made by whichever process asks first
      `CREATE TABLE desk_secrets (
        name TEXT PRIMARY KEY,
        secret TEXT NOT NULL,
        created_at INTEGER NOT NULL
      )`,
    ],
    postgres: [
      `CREATE TABLE desk_secrets (
        name TEXT PRIMARY KEY,
        secret TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
    ],
  },
];
