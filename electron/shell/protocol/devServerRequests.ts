import type { PagesOrigin } from './pagesOrigin';

type RequestHandler = (request: Request) => Promise<Response>;

/**
 * Under `npm run dev` the pages come from Vite's dev server, which has none of what the core serves beside them
 * (cached images, downloads): the session's http handler gives those requests to the app's protocol, as the same
 * paths of app://sightline, and passes every other request on to the network (the dev server, the browser host).
 */
export function createDevServerRequestHandler(
  pages: PagesOrigin,
  answerFromApp: RequestHandler,
  passOn: RequestHandler,
): RequestHandler {
  return (request) => {
    const appUrl = pages.servedByApp(request.url);
    if (appUrl === null) return passOn(request);
    return answerFromApp(new Request(appUrl, { method: request.method, headers: request.headers }));
  };
}
