import type { Migration } from '../../platform/db/migration';

/**
 * The history database's schema, one migration per version (PRAGMA user_version). Each runs in one
 * transaction with the version bump, so a file is always at exactly one version. Append only: a
 * shipped migration never changes, a new version adds a new entry.
 */
export const HISTORY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'card games with their deck, plays and the opponent cards seen',
    statements: [
      `CREATE TABLE card_games (
        id INTEGER PRIMARY KEY,
        -- start time, GameID and deck code: GameID alone restarts at 0 with the client
        identity TEXT NOT NULL UNIQUE,
        started_at INTEGER NOT NULL,
        ended_at INTEGER NOT NULL,
        client_game_id INTEGER,
        deck_code TEXT,
        player_name TEXT,
        opponent_name TEXT,
        result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'unknown'))
      )`,
      'CREATE INDEX card_games_by_start ON card_games (started_at)',
      'CREATE INDEX card_games_by_deck ON card_games (deck_code, started_at)',
      `CREATE TABLE card_game_deck (
        game_id INTEGER NOT NULL REFERENCES card_games (id) ON DELETE CASCADE,
        card_code TEXT NOT NULL,
        count INTEGER NOT NULL CHECK (count > 0),
        PRIMARY KEY (game_id, card_code)
      ) WITHOUT ROWID`,
      `CREATE TABLE card_game_plays (
        game_id INTEGER NOT NULL REFERENCES card_games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        card_code TEXT NOT NULL,
        played_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq)
      ) WITHOUT ROWID`,
      `CREATE TABLE card_game_opponent_cards (
        game_id INTEGER NOT NULL REFERENCES card_games (id) ON DELETE CASCADE,
        card_code TEXT NOT NULL,
        count INTEGER NOT NULL CHECK (count > 0),
        first_seen_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, card_code)
      ) WITHOUT ROWID`,
    ],
  },
  {
    version: 2,
    description: 'arena game summaries, and the card game in progress so a restarted app resumes it',
    statements: [
      `CREATE TABLE arena_games (
        id INTEGER PRIMARY KEY,
        started_at INTEGER NOT NULL,
        duration_seconds REAL NOT NULL CHECK (duration_seconds >= 0),
        champion TEXT NOT NULL,
        champion_key TEXT NOT NULL DEFAULT '',
        player_id TEXT NOT NULL DEFAULT '',
        kills INTEGER NOT NULL CHECK (kills >= 0),
        deaths INTEGER NOT NULL CHECK (deaths >= 0),
        assists INTEGER NOT NULL CHECK (assists >= 0),
        creep_score INTEGER NOT NULL CHECK (creep_score >= 0),
        result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'unknown')),
        game_mode TEXT NOT NULL,
        map_number INTEGER,
        queue_label TEXT NOT NULL,
        recorded_at INTEGER NOT NULL,
        UNIQUE (started_at, champion)
      )`,
      'CREATE INDEX arena_games_by_start ON arena_games (started_at)',
      `CREATE TABLE card_game_progress (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        saved_at INTEGER NOT NULL,
        snapshot TEXT NOT NULL
      )`,
    ],
  },
  {
    version: 3,
    description:
      "an arena game's web API match, found after the game: its match ID and exact queue (null before)",
    statements: [
      'ALTER TABLE arena_games ADD COLUMN match_id TEXT',
      'ALTER TABLE arena_games ADD COLUMN queue_id INTEGER',
    ],
  },
];
