import { SIGN_ON_BASE_VARIABLE } from '@shared/environment/environmentVariables';

/** The sign-on host (authorize and token endpoints); SIGHTLINE_SIGN_ON_BASE points tests at a stand-in. */
export const DEFAULT_SIGN_ON_BASE = 'https://auth.riotgames.com';

export interface SignOnEnvironment {
  /** No trailing slash. */
  baseUrl: string;
}

export class SignOnEnvironmentError extends Error {}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** HTTPS only, like the real host; plain http is accepted for a loopback stand-in and nothing else. */
export function readSignOnEnvironment(env: NodeJS.ProcessEnv): SignOnEnvironment {
  const raw = env[SIGN_ON_BASE_VARIABLE]?.trim();
  if (!raw) return { baseUrl: DEFAULT_SIGN_ON_BASE };
  const baseUrl = raw.replace(/\/+$/, '');
  if (!URL.canParse(baseUrl))
    throw new SignOnEnvironmentError(`${SIGN_ON_BASE_VARIABLE}: "${raw}" is not a URL.`);
  const url = new URL(baseUrl);
  if (url.search || url.hash) {
    throw new SignOnEnvironmentError(`${SIGN_ON_BASE_VARIABLE}: "${raw}" must not have a query or fragment.`);
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw new SignOnEnvironmentError(
      `${SIGN_ON_BASE_VARIABLE}: sign-on must use HTTPS; "${raw}" is allowed only for a stand-in on 127.0.0.1.`,
    );
  }
  return { baseUrl };
}

export const authorizeEndpoint = (baseUrl: string): string => `${baseUrl}/authorize`;
export const tokenEndpoint = (baseUrl: string): string => `${baseUrl}/token`;
