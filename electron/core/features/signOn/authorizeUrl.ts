import { codeChallengeS256 } from './pkce';
import { authorizeEndpoint } from './signOnEnvironment';

export interface AuthorizeRequest {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  /** The link's PKCE verifier: only its S256 challenge is sent here, the verifier goes with the code. */
  codeVerifier: string;
}

/**
 * The page the player's browser opens. Scope openid for the identity, offline_access for a refresh
 * token; URLSearchParams writes the space as '+', which is the documented `openid+offline_access`.
 * The PKCE challenge (RFC 7636, S256) ties the code to this app; a server that does not know the
 * parameters ignores them (RFC 6749 §3.1).
 */
export function buildAuthorizeUrl(request: AuthorizeRequest): string {
  const url = new URL(authorizeEndpoint(request.baseUrl));
  url.search = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: 'openid offline_access',
    state: request.state,
    code_challenge: codeChallengeS256(request.codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}
