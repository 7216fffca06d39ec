import { z } from 'zod';
import type { SecretStorage } from './secretStorage';

/**
 * Player sign-on (Riot Sign On, spec 1 §5): an authorization-code flow that links a player's account.
 * The organizer's client secret or private key, and the player's tokens, stay in the core: views learn
 * only whether a credential is set and which account is linked.
 */

export const SIGN_ON_AUTH_METHODS = ['client_secret_basic', 'private_key_jwt'] as const;
export type SignOnAuthMethod = (typeof SIGN_ON_AUTH_METHODS)[number];

/** The path of the host's loopback redirect; the full redirect URI is registered with the client. */
export const SIGN_ON_CALLBACK_PATH = '/sign-on/callback';

const clientId = z
  .string()
  .trim()
  .max(200)
  .regex(/^[\w.~:@-]*$/, 'a client ID has letters, digits and - . _ ~ : @ only');

const signOnSettingsFields = {
  /** The sign-on client's ID; empty until the organizer sets it. */
  clientId,
  authMethod: z.enum(SIGN_ON_AUTH_METHODS),
};

/** The settings section (shared/contract/settings.ts embeds it): only what is not secret. */
export const signOnSettingsSchema = z.object({
  clientId: signOnSettingsFields.clientId.default(''),
  authMethod: signOnSettingsFields.authMethod.default('client_secret_basic'),
});
/** Without defaults, so a patch of one field does not reset the other. */
export const signOnSettingsPatchSchema = z.object(signOnSettingsFields).partial().strict();
export type SignOnSettings = z.output<typeof signOnSettingsSchema>;

// Pushed state.
export interface SignOnAvailability {
  /** Sign-on needs a production API key. */
  available: boolean;
  /** Why it is not available, for people; null when it is. */
  reason: string | null;
}

export interface SignOnConfigStatus {
  clientId: string;
  authMethod: SignOnAuthMethod;
  /** A client ID and the credential of the chosen method are both set. */
  configured: boolean;
  /** Where a credential entered now is kept (and the session); null until the core has said. */
  storage: SecretStorage | null;
  /** The URI to register with the sign-on client, or null while the host is not listening. */
  redirectUri: string | null;
  /** Something the organizer should know (a redirect URI that changes at every start), or null. */
  warning: string | null;
}

export interface SignOnAccount {
  puuid: string;
  /** '' when the account has none (the API may leave it out). */
  gameName: string;
  tagLine: string;
  /** Epoch ms. */
  linkedAt: number;
}

/** idle, waiting for the browser to come back with a code, or exchanging that code. */
export type SignOnPhase = 'idle' | 'awaiting-redirect' | 'exchanging';

export interface SignOnState {
  availability: SignOnAvailability;
  config: SignOnConfigStatus;
  account: SignOnAccount | null;
  phase: SignOnPhase;
  /** The last failure, for people ("the sign-on page answered access_denied"); null after a success. */
  lastError: string | null;
}

export const INITIAL_SIGN_ON_STATE: SignOnState = {
  availability: { available: false, reason: 'Sign-on needs a production API key.' },
  config: {
    clientId: '',
    authMethod: 'client_secret_basic',
    configured: false,
    storage: null,
    redirectUri: null,
    warning: null,
  },
  account: null,
  phase: 'idle',
  lastError: null,
};

/** "gameName#tagLine", or the PUUID when the account has no Riot ID. */
export function signOnAccountLabel(account: SignOnAccount): string {
  return account.gameName ? `${account.gameName}#${account.tagLine}` : account.puuid;
}

// Requests.
const empty = z.object({}).strict();
const secret = (max: number) => z.string().trim().min(1).max(max);

export const signOnRequestInputSchemas = {
  'signOn.status': empty,
  /** Starts linking. `consent` is the player's explicit opt-in to making their data public. */
  'signOn.begin': z.object({ consent: z.literal(true) }).strict(),
  /** Forgets a link that was started but not finished. */
  'signOn.cancel': empty,
  /** Identifies the player again (refreshing the access token when it has expired). */
  'signOn.refresh': empty,
  'signOn.signOut': empty,
  /** The secret or private key goes to the core's secret store and never comes back. */
  'signOn.config.save': z.discriminatedUnion('authMethod', [
    z
      .object({
        authMethod: z.literal('client_secret_basic'),
        clientId: clientId.min(1),
        clientSecret: secret(500),
      })
      .strict(),
    z
      .object({
        authMethod: z.literal('private_key_jwt'),
        clientId: clientId.min(1),
        /** A PEM private key (RSA or EC) the core signs client assertions with, or a ready-made assertion. */
        privateKey: secret(20_000),
      })
      .strict(),
  ]),
  'signOn.config.clear': empty,
} as const;

export interface SignOnRequestOutputs {
  'signOn.status': SignOnState;
  'signOn.begin': { authorizeUrl: string };
  'signOn.cancel': SignOnState;
  'signOn.refresh': SignOnState;
  'signOn.signOut': SignOnState;
  'signOn.config.save': SignOnConfigStatus;
  'signOn.config.clear': SignOnConfigStatus;
}
