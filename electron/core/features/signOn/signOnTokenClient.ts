import { z } from 'zod';
import { describeFailure, type HttpClient } from '../../platform/net/httpClient';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import { retryAfterMs } from '../../platform/net/httpHeaders';
import { clientAssertion, type PrivateKeyCredential } from './clientAssertion';
import { tokenEndpoint } from './signOnEnvironment';

/** How the organizer's client proves itself at the token endpoint. */
export type SignOnClientAuth =
  | { method: 'client_secret_basic'; clientId: string; clientSecret: string }
  | { method: 'private_key_jwt'; clientId: string; credential: PrivateKeyCredential };

export interface TokenSet {
  accessToken: string;
  /** null when the server sent none (then the link ends when the access token does). */
  refreshToken: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

export type TokenProblemKind = 'invalid-client' | 'invalid-grant' | 'unavailable' | 'malformed';
export type TokenResult =
  { ok: true; tokens: TokenSet } | { ok: false; kind: TokenProblemKind; message: string };

// Unknown fields (id_token, scope…) are tolerated; lifetimes are not documented, so 3600 s when absent.
const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().positive().optional(),
  token_type: z.string().optional(),
});
const errorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const DEFAULT_LIFETIME_SECONDS = 3600;

export interface SignOnTokenClientOptions {
  http: HttpClient;
  baseUrl: string;
  now: () => number;
}

/** The token endpoint: a code for tokens, and a refresh token for a new access token. */
export function createSignOnTokenClient(options: SignOnTokenClientOptions) {
  const url = tokenEndpoint(options.baseUrl);

  const request = async (auth: SignOnClientAuth, grant: Record<string, string>): Promise<TokenResult> => {
    const form: Record<string, string> = { ...grant };
    const headers: Record<string, string> = {};
    if (auth.method === 'client_secret_basic') {
      // RFC 6749 §2.3.1: each part form-encoded before base64.
      const pair = `${encodeURIComponent(auth.clientId)}:${encodeURIComponent(auth.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    } else {
      form.client_id = auth.clientId;
      form.client_assertion_type = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
      form.client_assertion = clientAssertion(auth.credential, {
        clientId: auth.clientId,
        audience: url,
        now: options.now(),
      });
    }
    const sentAt = options.now();
    const outcome = await options.http.send({ method: 'POST', url, headers, form, timeoutMs: 10_000 });
    return readTokenAnswer(outcome, sentAt);
  };

  return {
    /** `codeVerifier`: the link's PKCE verifier, whose challenge went to /authorize (RFC 7636 §4.5). */
    exchangeCode: (auth: SignOnClientAuth, code: string, redirectUri: string, codeVerifier: string) =>
      request(auth, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }),
    refresh: (auth: SignOnClientAuth, refreshToken: string) =>
      request(auth, { grant_type: 'refresh_token', refresh_token: refreshToken }),
  };
}

export type SignOnTokenClient = ReturnType<typeof createSignOnTokenClient>;

function readTokenAnswer(outcome: HttpOutcome, sentAt: number): TokenResult {
  if (outcome.kind === 'ok') {
    const parsed = tokenResponseSchema.safeParse(outcome.body);
    if (!parsed.success) {
      return {
        ok: false,
        kind: 'malformed',
        message: 'The sign-on server answered without an access token.',
      };
    }
    const { access_token, refresh_token, expires_in } = parsed.data;
    return {
      ok: true,
      tokens: {
        accessToken: access_token,
        refreshToken: refresh_token ?? null,
        expiresAt: sentAt + (expires_in ?? DEFAULT_LIFETIME_SECONDS) * 1000,
      },
    };
  }
  if (outcome.kind === 'http-error') {
    const error = errorSchema.safeParse(outcome.body);
    const code = error.success ? error.data.error : null;
    if (outcome.status === 401 || code === 'invalid_client') {
      return {
        ok: false,
        kind: 'invalid-client',
        message:
          'The sign-on server refused the client credentials (invalid_client): check the client ID and its secret or private key.',
      };
    }
    if (code === 'invalid_grant') {
      return {
        ok: false,
        kind: 'invalid-grant',
        message:
          'The sign-on server refused the code or refresh token (invalid_grant): link the account again.',
      };
    }
    // A server that names its wait (429, 503 with Retry-After) gets it said: the user knows when to try again.
    const waitMs = retryAfterMs(outcome.headers, sentAt);
    const wait = waitMs === null ? '' : `: try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s`;
    return {
      ok: false,
      kind: 'unavailable',
      message: `The sign-on server refused the request (HTTP ${outcome.status}${code ? `, ${code}` : ''})${wait}.`,
    };
  }
  return {
    ok: false,
    kind: 'unavailable',
    message: `The sign-on server could not be reached: ${describeFailure(outcome)}.`,
  };
}
