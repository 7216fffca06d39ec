import { z } from 'zod';
import type { SignOnAccount, SignOnAuthMethod } from '@shared/contract';
import type { SecretStore } from '../../platform/secrets/secretStore';

/** Names in the secret store (shared with the desktop's safeStorage file). */
export const SIGN_ON_SECRET_NAMES = {
  client_secret_basic: 'signOnClientSecret',
  private_key_jwt: 'signOnPrivateKey',
  session: 'signOnSession',
} as const;

/** The linked player's tokens and account: kept in the secret store only, never sent to a view. */
export interface SignOnSession {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms when the access token stops working. */
  expiresAt: number;
  account: SignOnAccount;
}

const sessionSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).nullable(),
  expiresAt: z.number(),
  account: z.object({ puuid: z.string(), gameName: z.string(), tagLine: z.string(), linkedAt: z.number() }),
});

/** The organizer's client credential and the player's session, over whichever secret store the host has. */
export function createSignOnSecrets(store: SecretStore) {
  return {
    credential: async (method: SignOnAuthMethod): Promise<string | null> =>
      (await store.get(SIGN_ON_SECRET_NAMES[method]))?.trim() || null,
    saveCredential: async (method: SignOnAuthMethod, value: string): Promise<void> => {
      await store.set(SIGN_ON_SECRET_NAMES[method], value.trim());
      // Only one method is in use: the other credential is not kept around.
      const other: SignOnAuthMethod =
        method === 'client_secret_basic' ? 'private_key_jwt' : 'client_secret_basic';
      await store.delete(SIGN_ON_SECRET_NAMES[other]);
    },
    clearCredentials: async (): Promise<void> => {
      await store.delete(SIGN_ON_SECRET_NAMES.client_secret_basic);
      await store.delete(SIGN_ON_SECRET_NAMES.private_key_jwt);
    },
    session: async (): Promise<SignOnSession | null> => {
      const text = await store.get(SIGN_ON_SECRET_NAMES.session);
      if (!text) return null;
      try {
        const parsed = sessionSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    saveSession: (session: SignOnSession): Promise<void> =>
      store.set(SIGN_ON_SECRET_NAMES.session, JSON.stringify(session)),
    clearSession: (): Promise<void> => store.delete(SIGN_ON_SECRET_NAMES.session),
  };
}

export type SignOnSecrets = ReturnType<typeof createSignOnSecrets>;
