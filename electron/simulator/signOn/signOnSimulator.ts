import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeResponse } from '../faults';
import { authenticateClient, type SimulatedSignOnClient } from './clientAuthentication';

/**
 * A stand-in for the sign-on host (Riot Sign On) on 127.0.0.1: /authorize redirects straight back with a
 * code (the player is taken as signed in and consenting), /token checks the client's authentication
 * and exchanges codes and refresh tokens, and PKCE is required as of a native app (RFC 7636 with S256,
 * RFC 8252 §8.1): an authorize request without an S256 code_challenge is sent back with invalid_request,
 * and a code is exchanged only with the code_verifier of its challenge (§4.6), and /riot/account/v1/accounts/me answers for a Bearer token.
 * Point the app at it with SIGHTLINE_SIGN_ON_BASE=<url>.
 */

export interface SimulatedAccount {
  puuid: string;
  gameName?: string;
  tagLine?: string;
}

/**
 * What the token and accounts/me endpoints can do while a fault is set: a 503, a 429 naming a wait
 * (Retry-After), no answer at all, or an answer mangled on the wire like the game clients' (see ../faults.ts).
 */
export const SIGN_ON_FAULTS = [
  'server-error',
  '429-retry-after',
  'hang',
  'malformed-json',
  'truncated-body',
  'reset-mid-body',
  'wrong-shape',
] as const;
export type SignOnFault = (typeof SIGN_ON_FAULTS)[number];
/** The wait a `429-retry-after` answer names, in seconds. */
export const SIGN_ON_RETRY_AFTER_SECONDS = 1;

export interface SignOnSimulatorOptions {
  port?: number;
  clients: SimulatedSignOnClient[];
  /** The player who "signs in" at /authorize. */
  account: SimulatedAccount;
  /** Default 3600. */
  accessTokenSeconds?: number;
  /** Told about every access token issued, e.g. to let the web API simulator's accounts/me accept it. */
  onAccessToken?: (token: string, puuid: string) => void;
  now?: () => number;
}

export interface RecordedSignOnRequest {
  endpoint: 'authorize' | 'token' | 'accounts/me' | 'other';
  status: number;
  /** For /token: the grant type and how the client authenticated (never the credentials). */
  grantType?: string;
  clientAuth?: 'client_secret_basic' | 'private_key_jwt' | 'refused';
  /** For /authorize and a code's /token: S256 when the challenge was taken or the verifier matched it. */
  pkce?: 'S256' | 'refused';
}

export interface SignOnSimulatorControl {
  requests(): RecordedSignOnRequest[];
  /** The next /authorize redirect carries a state other than the one it was given. */
  answerWithWrongState(): void;
  /** The next /authorize redirect carries `error` (e.g. access_denied) instead of a code. */
  denyNext(error?: string): void;
  /** Every access token issued so far stops working (the app must refresh). */
  expireAccessTokens(): void;
  /** Every refresh token issued so far is revoked (invalid_grant). */
  revokeRefreshTokens(): void;
  /** Every code and token handed out, for tests that check none of them leaked. */
  issuedTokens(): string[];
  /** Until set back to null, /token and accounts/me answer with `fault` (/authorize is the browser's and stays well). */
  setFault(fault: SignOnFault | null): void;
  /** Ends every open connection, idle or not (the network changed): the next request must connect anew. */
  dropConnections(): void;
  /** The log, the pending controls and any fault. */
  reset(): void;
}

export interface RunningSignOnSimulator {
  url: string;
  /** For SIGHTLINE_WEB_API_BASE when this server alone answers accounts/me. */
  webApiTemplate: string;
  control: SignOnSimulatorControl;
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  /** The S256 code_challenge the authorize request carried. */
  codeChallenge: string;
  expiresAt: number;
}

/** RFC 7636 §4.1: 43–128 characters of the unreserved set. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** §4.2: a base64url SHA-256, 43 characters without padding. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** §4.6: BASE64URL(SHA256(ASCII(code_verifier))) equals the challenge. */
function verifierMatches(verifier: string, challenge: string): boolean {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url') === challenge;
}

const CODE_LIFETIME_MS = 60_000;
const ACCOUNTS_ME = /^(?:\/[a-z]+)?\/riot\/account\/v1\/accounts\/me$/;

export async function startSignOnSimulator(options: SignOnSimulatorOptions): Promise<RunningSignOnSimulator> {
  const now = options.now ?? Date.now;
  const clients = new Map(options.clients.map((client) => [client.clientId, client]));
  const lifetimeMs = (options.accessTokenSeconds ?? 3600) * 1000;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { expiresAt: number }>();
  const refreshTokens = new Map<string, { clientId: string }>();
  let log: RecordedSignOnRequest[] = [];
  let wrongStateNext = false;
  let denyNext: string | null = null;
  let fault: SignOnFault | null = null;
  let tokenUrl = '';
  const timers = new Set<NodeJS.Timeout>();

  const issued: string[] = [];
  const token = (prefix: string): string => {
    const value = `${prefix}-${randomBytes(24).toString('base64url')}`;
    issued.push(value);
    return value;
  };

  const send = (res: ServerResponse, status: number, body: unknown, record: RecordedSignOnRequest) => {
    log.push({ ...record, status });
    const mangled = record.endpoint === 'token' || record.endpoint === 'accounts/me' ? fault : null;
    // Only the faults on the wire are left by now: the others answered before anything was done.
    if (
      mangled !== null &&
      mangled !== 'server-error' &&
      mangled !== '429-retry-after' &&
      mangled !== 'hang'
    ) {
      writeResponse(res, { status, body }, mangled, { slowBodyMs: 0, timers });
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  /** A fault that answers before the request is looked at: true when it did (or, for a hang, never will). */
  const refuseForFault = (endpoint: RecordedSignOnRequest['endpoint'], res: ServerResponse): boolean => {
    if (fault === 'hang') {
      log.push({ endpoint, status: 0 });
      return true;
    }
    if (fault === 'server-error' || fault === '429-retry-after') {
      const status = fault === 'server-error' ? 503 : 429;
      log.push({ endpoint, status });
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'cache-control': 'no-store',
      };
      if (status === 429) headers['retry-after'] = String(SIGN_ON_RETRY_AFTER_SECONDS);
      res.writeHead(status, headers);
      res.end(JSON.stringify({ error: status === 503 ? 'temporarily_unavailable' : 'slow_down' }));
      return true;
    }
    return false;
  };

  const authorize = (url: URL, res: ServerResponse) => {
    const record: RecordedSignOnRequest = { endpoint: 'authorize', status: 0 };
    const params = url.searchParams;
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    const scopes = (params.get('scope') ?? '').split(' ');
    // Errors about the client or redirect URI are shown, never redirected (RFC 6749 §4.1.2.1).
    if (!clients.has(clientId)) return send(res, 400, { error: 'invalid_client' }, record);
    if (!URL.canParse(redirectUri))
      return send(res, 400, { error: 'invalid_request', error_description: 'redirect_uri' }, record);
    if (params.get('response_type') !== 'code' || !scopes.includes('openid')) {
      return send(res, 400, { error: 'invalid_request' }, record);
    }
    const back = new URL(redirectUri);
    const state = params.get('state');
    const codeChallenge = params.get('code_challenge') ?? '';
    if (params.get('code_challenge_method') !== 'S256' || !S256_CHALLENGE.test(codeChallenge)) {
      // RFC 7636 §4.4.1: a server that requires PKCE answers through the redirect.
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'code challenge required (S256)');
      if (state !== null) back.searchParams.set('state', state);
      log.push({ ...record, status: 302, pkce: 'refused' });
      res.writeHead(302, { location: back.href, 'cache-control': 'no-store' });
      res.end();
      return;
    }
    const answeredState = wrongStateNext ? `forged-${randomBytes(8).toString('hex')}` : state;
    wrongStateNext = false;
    if (denyNext) {
      back.searchParams.set('error', denyNext);
      denyNext = null;
    } else {
      const code = token('code');
      codes.set(code, { clientId, redirectUri, codeChallenge, expiresAt: now() + CODE_LIFETIME_MS });
      back.searchParams.set('code', code);
    }
    if (answeredState !== null) back.searchParams.set('state', answeredState);
    log.push({ ...record, status: 302, pkce: 'S256' });
    res.writeHead(302, { location: back.href, 'cache-control': 'no-store' });
    res.end();
  };

  const issueTokens = (clientId: string, refreshToken?: string) => {
    const accessToken = token('access');
    accessTokens.set(accessToken, { expiresAt: now() + lifetimeMs });
    const refresh = refreshToken ?? token('refresh');
    refreshTokens.set(refresh, { clientId });
    options.onAccessToken?.(accessToken, options.account.puuid);
    return {
      access_token: accessToken,
      refresh_token: refresh,
      id_token: token('id'),
      token_type: 'Bearer',
      expires_in: lifetimeMs / 1000,
      scope: 'openid offline_access',
    };
  };

  const exchange = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readBody(req));
    const grantType = form.get('grant_type') ?? '';
    const record: RecordedSignOnRequest = { endpoint: 'token', status: 0, grantType };
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return send(res, 400, { error: 'invalid_request', error_description: 'form body expected' }, record);
    }
    const client = authenticateClient(req.headers, form, clients, tokenUrl, Math.floor(now() / 1000));
    if (!client.ok) {
      return send(
        res,
        401,
        { error: 'invalid_client', error_description: client.reason },
        { ...record, clientAuth: 'refused' },
      );
    }
    const authed = { ...record, clientAuth: client.method };
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      // A code works once, for the client and redirect URI it was issued to.
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!CODE_VERIFIER.test(verifier)) {
        return send(
          res,
          400,
          { error: 'invalid_request', error_description: 'code_verifier missing or malformed' },
          { ...authed, pkce: 'refused' },
        );
      }
      if (
        !code ||
        code.expiresAt < now() ||
        code.clientId !== client.clientId ||
        code.redirectUri !== form.get('redirect_uri') ||
        !verifierMatches(verifier, code.codeChallenge)
      ) {
        return send(res, 400, { error: 'invalid_grant' }, authed);
      }
      return send(res, 200, issueTokens(client.clientId), { ...authed, pkce: 'S256' });
    }
    if (grantType === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (refreshTokens.get(refresh)?.clientId !== client.clientId) {
        return send(res, 400, { error: 'invalid_grant' }, authed);
      }
      return send(res, 200, issueTokens(client.clientId, refresh), authed);
    }
    return send(res, 400, { error: 'unsupported_grant_type' }, authed);
  };

  const accountsMe = (req: IncomingMessage, res: ServerResponse) => {
    const record: RecordedSignOnRequest = { endpoint: 'accounts/me', status: 0 };
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const issued = accessTokens.get(bearer);
    if (!issued || issued.expiresAt <= now()) {
      return send(res, 401, { status: { message: 'Unauthorized', status_code: 401 } }, record);
    }
    send(res, 200, options.account, record);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const endpoint =
      req.method === 'POST' && url.pathname === '/token'
        ? 'token'
        : req.method === 'GET' && ACCOUNTS_ME.test(url.pathname)
          ? 'accounts/me'
          : null;
    if (endpoint && refuseForFault(endpoint, res)) {
      req.resume();
      return;
    }
    const route =
      req.method === 'GET' && url.pathname === '/authorize'
        ? authorize(url, res)
        : req.method === 'POST' && url.pathname === '/token'
          ? exchange(req, res)
          : req.method === 'GET' && ACCOUNTS_ME.test(url.pathname)
            ? accountsMe(req, res)
            : send(res, 404, { error: 'not_found' }, { endpoint: 'other', status: 0 });
    void Promise.resolve(route).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'server_error' }, { endpoint: 'other', status: 0 });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${url}/token`;

  const control: SignOnSimulatorControl = {
    requests: () => [...log],
    answerWithWrongState: () => {
      wrongStateNext = true;
    },
    denyNext: (error = 'access_denied') => {
      denyNext = error;
    },
    expireAccessTokens: () => {
      for (const entry of accessTokens.values()) entry.expiresAt = 0;
    },
    revokeRefreshTokens: () => refreshTokens.clear(),
    issuedTokens: () => [...issued],
    dropConnections: () => server.closeAllConnections(),
    setFault: (next) => {
      fault = next;
    },
    reset: () => {
      log = [];
      wrongStateNext = false;
      denyNext = null;
      fault = null;
    },
  };

  return {
    url,
    webApiTemplate: `${url}/{routing}`,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) break;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
