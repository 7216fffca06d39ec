import { authorizeEndpoint } from './signOnEnvironment';

export interface AuthorizeRequest {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
}

/**
 * The page the player's browser opens. Scope openid for the identity, offline_access for a refresh
 * token; URLSearchParams writes the space as '+', which is the documented `openid+offline_access`.
 */
export function buildAuthorizeUrl(request: AuthorizeRequest): string {
  const url = new URL(authorizeEndpoint(request.baseUrl));
  url.search = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: 'openid offline_access',
    state: request.state,
  }).toString();
  return url.href;
}
