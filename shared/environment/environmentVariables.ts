/**
 * Every environment variable Sightline reads. They are a documented interface (README): tests, the simulator
 * and tooling set them to point the app elsewhere for one run; they override settings and are never saved.
 * Here, not in the core, because the simulator that sets them depends on nothing but shared/.
 */
export const ENVIRONMENT_VARIABLES = {
  dataDir: 'SIGHTLINE_DATA_DIR',
  hostPort: 'SIGHTLINE_HOST_PORT',
  hostToken: 'SIGHTLINE_HOST_TOKEN',
  liveUrl: 'SIGHTLINE_LIVE_URL',
  liveCaFile: 'SIGHTLINE_LIVE_CA',
  cardUrl: 'SIGHTLINE_CARD_URL',
  replayUrl: 'SIGHTLINE_REPLAY_URL',
  ddragonUrl: 'SIGHTLINE_DDRAGON_URL',
  cardDataUrl: 'SIGHTLINE_CARD_DATA_URL',
  constantsUrl: 'SIGHTLINE_GAME_CONSTANTS_URL',
  storeUrl: 'SIGHTLINE_STORE_URL',
  tournamentDatabaseUrl: 'SIGHTLINE_TOURNAMENT_DATABASE_URL',
} as const;

/** The web API's: the host template (e.g. http://127.0.0.1:47000/{routing} for a stand-in) and the key. */
export const WEB_API_ENVIRONMENT_VARIABLES = {
  hostTemplate: 'SIGHTLINE_WEB_API_BASE',
  apiKey: 'SIGHTLINE_API_KEY',
} as const;

/** The sign-on host (authorize and token endpoints), for a stand-in. */
export const SIGN_ON_BASE_VARIABLE = 'SIGHTLINE_SIGN_ON_BASE';

/** "1" lets the store be plain http on loopback (the store simulator); never anything else. */
export const INSECURE_LOOPBACK_VARIABLE = 'SIGHTLINE_ALLOW_INSECURE_LOOPBACK';
