import type { HttpClient } from '../../platform/net/httpClient';
import type { HttpOutcome, HttpRequest } from '../../platform/net/httpExchange';

/** A fake HttpClient answering by URL path from a script the test changes as it goes. */
export function createScriptedHttpClient(answer: (path: string, request: HttpRequest) => HttpOutcome) {
  const requests: HttpRequest[] = [];
  const client: HttpClient = {
    send: async (request) => {
      requests.push(request);
      const url = new URL(request.url);
      return answer(`${url.pathname}${url.search}`, request);
    },
    close: () => undefined,
  };
  return { client, requests };
}

export const ok = (body: unknown): HttpOutcome => ({ kind: 'ok', status: 200, headers: {}, body });
export const httpError = (status: number, body: unknown = null): HttpOutcome => ({
  kind: 'http-error',
  status,
  headers: {},
  body,
  text: JSON.stringify(body),
});
