/** What a simulated service answers, before any fault mangles it on the wire. */

export interface ServiceRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON body of a POST, undefined when there is none. */
  body: unknown;
}

export interface ServiceResponse {
  status: number;
  body: unknown;
}

export type ServiceHandler = (request: ServiceRequest) => ServiceResponse;

export const ok = (body: unknown): ServiceResponse => ({ status: 200, body });

/** The game client's error body shape. */
export function errorResponse(status: number, errorCode: string, message: string): ServiceResponse {
  return { status, body: { errorCode, httpStatus: status, message } };
}

export const notFound = (message: string): ServiceResponse =>
  errorResponse(404, 'RESOURCE_NOT_FOUND', message);

export const badRequest = (message: string): ServiceResponse => errorResponse(400, 'BAD_REQUEST', message);

export const methodNotAllowed = (request: ServiceRequest): ServiceResponse =>
  errorResponse(405, 'METHOD_NOT_ALLOWED', `${request.method} is not supported on ${request.path}`);

/** What the live client answers on the loading screen (and the not-found-loading fault). */
export const LOADING_RESPONSE: ServiceResponse = notFound(
  'Game data is not available yet: the game is loading',
);

export const SERVER_ERROR_RESPONSE: ServiceResponse = errorResponse(
  500,
  'INTERNAL_ERROR',
  'Internal server error',
);
