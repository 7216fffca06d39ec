import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  clientFrameSchema,
  LINK_REPLACED_CLOSE_CODE,
  STATIC_DATA_URL_PREFIX,
  WS_PATH,
  WS_ROUTE_PARAM,
  type AppState,
  type HostLinkKind,
  type OverlayState,
  type ServerFrame,
  type StateMessage,
} from '@shared/contract';
import { overlayRouteOfPath } from '@shared/contract/audience';
import { isOverlayPath } from '@shared/contract/overlays';
import { routerFor } from '../../platform/router/audienceRouter';
import type { RequestRouter } from '../../platform/router/requestRouter';
import { feedFor, type AudienceFeeds } from '../../platform/hub/audienceFeeds';
import type { Logger } from '../../platform/log/logger';
import { BLANK_OVERLAY_PAGE, isUnknownOverlayPath } from './blankOverlayPage';
import { cliRequestRoute } from './cliRequestRoute';
import { createCompressedFiles, type Compressor } from './compressedFiles';
import { warmCompressedFiles } from './compressedFilesWarmup';
import { isDownloadPath, serveDownload } from './downloadRoute';
import type { DownloadShelf } from './downloadShelf';
import { checkLocalRequest } from './hostGuards';
import type { HostTokens } from './hostTokens';
import {
  answerPublicRoute,
  retryAfterHeader,
  type PublicRoute,
  type PublicRouteAnswer,
} from '../../platform/router/publicRoute';
import { serveOverlayPage, serveRendererFile } from './rendererFileResponse';
import { resolveRendererFile, type RendererFile } from './rendererFiles';
import { OVERLAY_SECURITY_HEADERS, SECURITY_HEADERS } from './securityHeaders';
import { serveFile } from './serveFile';

const NOT_FOUND: RendererFile = { kind: 'not-found' };

/** A file the host may serve for a URL path outside the renderer (cached static-data images). */
export interface HostAsset {
  file: string;
  contentType: string;
}

/** Maps a `/static-data/…` URL path (still percent-encoded) to a file, or null for 404. */
export type HostAssetResolver = (urlPath: string) => Promise<HostAsset | null>;

export interface BrowserHostOptions {
  port: number;
  tokens: HostTokens;
  rendererDir: string;
  router: RequestRouter;
  /** The state each kind of link is pushed: an overlay link only what overlays draw. */
  feeds: AudienceFeeds;
  logger: Logger;
  publicRoutes?: PublicRoute[];
  /** Serves STATIC_DATA_URL_PREFIX paths to a page that presents either token. */
  assets?: HostAssetResolver;
  /** Files made for the companion to download (history exports), served at DOWNLOAD_PATH_PREFIX. */
  downloads?: DownloadShelf;
  /** How long a client may take over its request; HOST_TIMEOUTS unless a test needs shorter ones. */
  timeouts?: HostTimeouts;
  /** Compresses the renderer's files: zlib's brotli and gzip unless a test counts the compressions. */
  compress?: Compressor;
}

/** Limits on how long a connection may hold the host before its request is in. */
export interface HostTimeouts {
  /** From the connection (or the previous response) to the request's last header line. */
  headersMs: number;
  /** From the connection to the request's last body byte; at least headersMs. */
  requestMs: number;
  /** How long an idle keep-alive connection stays open after a response. */
  keepAliveMs: number;
  /** How often the server looks for connections past headersMs or requestMs. */
  checkEveryMs: number;
}

// Every client is on this machine and sends its whole request at once (a page, OBS, a callback relayed by a
// local tunnel), so seconds are generous; Node's defaults (60 s for headers, 5 min for the request, checked
// every 30 s) let a client that trickles its headers hold a connection for over a minute.
export const HOST_TIMEOUTS: HostTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};

export interface BrowserHost {
  readonly port: number;
  /** An absolute URL of a view, carrying the token of that kind of link (companion by default). */
  url(path: string, kind?: HostLinkKind): string;
  /** Disconnects every socket opened with a token that is no longer current (after a rotation). */
  dropStaleSockets(): void;
  /** Settles once the renderer's files are compressed and cached, or the host closed before. */
  readonly filesWarmed: Promise<void>;
  close(): Promise<void>;
}

/** What the host queues for one page that stopped reading (beyond the OS's socket buffers) before it drops it. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * A connected page: which kind of link opened it, with which token, the overlay route it draws (its socket's
 * `route`, null for any other page) and its unanswered requests.
 */
interface Client {
  kind: HostLinkKind;
  token: string;
  route: string | null;
  inFlight: number;
}

/** Serves the renderer and carries the contract over a WebSocket, on 127.0.0.1 only. */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const { tokens, feeds, logger } = options;
  const routers: Record<HostLinkKind, RequestRouter> = {
    companion: routerFor(options.router, 'companion'),
    overlay: routerFor(options.router, 'overlay'),
  };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const clients = new Map<WebSocket, Client>();
  let port = options.port;
  // The command line's route checks the companion token itself (in a header), as the other public routes check theirs.
  const publicRoutes = [
    ...(options.publicRoutes ?? []),
    cliRequestRoute({ tokens, router: routers.companion, port: () => port }),
  ];

  const compressedFiles = createCompressedFiles(options.compress);

  const timeouts = options.timeouts ?? HOST_TIMEOUTS;
  // The timeouts stop at the upgrade: an open WebSocket (an OBS source all evening) is never cut by them.
  const serverOptions = {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: timeouts.checkEveryMs,
  };
  const server = createServer(serverOptions, (request, response) => {
    void handleHttp(request, response).catch((error: unknown) => {
      // A client that went away (or was timed out) before its body was in: its failure, not the host's.
      if (!request.complete) {
        logger.warn('host request ended before its body', { error: String(error) });
        return void response.destroy();
      }
      logger.error('host request failed', { error: String(error) });
      if (!response.headersSent) respond(response, 500, 'internal error');
      else response.destroy();
    });
  });

  const handleHttp = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const publicRoute = publicRoutes.find((route) => route.path === url.pathname);
    if (publicRoute) return handlePublic(publicRoute, request, response);

    const verdict = checkLocalRequest(request.headers, port);
    if (!verdict.ok) return respond(response, verdict.status, `forbidden: ${verdict.reason}`);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return respond(response, 405, 'method not allowed');
    if (isDownloadPath(url.pathname)) return serveDownload(request, response, url, { ...options, tokens });

    const isAsset = url.pathname.startsWith(STATIC_DATA_URL_PREFIX);
    const unknownOverlay = isUnknownOverlayPath(url.pathname);
    const file = unknownOverlay
      ? NOT_FOUND
      : isAsset
        ? await resolveAsset(url.pathname)
        : resolveRendererFile(options.rendererDir, url.pathname);
    // Pages and cached images need a token in their URL (either kind); the bundle's scripts and styles are
    // the app's public code and load without one, so no credential ever sits in a cookie (cookies are
    // shared by every port of 127.0.0.1).
    const needsToken = isAsset || file.kind === 'not-found' || file.contentType.startsWith('text/html');
    const kind = tokens.kindOf(url.searchParams.get('token'));
    if (needsToken && kind === null) return respond(response, 403, 'forbidden: missing or wrong token');
    if (unknownOverlay) return respond(response, 404, BLANK_OVERLAY_PAGE, 'text/html');
    if (file.kind === 'not-found') return respond(response, 404, 'not found');

    const route = overlayRouteOfPath(url.pathname);
    const served = isAsset
      ? await serveFile(
          response,
          file.path,
          // Cached art changes only with a sync; a short private cache keeps a card grid from asking again.
          { ...HOST_HEADERS, 'content-type': file.contentType, 'cache-control': 'private, max-age=300' },
          { headOnly: request.method === 'HEAD' },
        )
      : route !== null && kind !== null
        ? // The snapshot this page's socket will send first: its link's, narrowed to what its route draws.
          await serveOverlayPage(
            request,
            response,
            file,
            OVERLAY_PAGE_HEADERS,
            feedFor(feeds, kind, route).snapshot(),
          )
        : await serveRendererFile(
            request,
            response,
            file,
            isOverlayPath(url.pathname) ? OVERLAY_PAGE_HEADERS : HOST_HEADERS,
            compressedFiles,
          );
    if (served.kind === 'not-found') return respond(response, 404, 'not found');
    if (served.kind === 'read-failed') {
      logger.warn('host file read failed', { path: url.pathname, error: served.error.message });
    }
  };

  const resolveAsset = async (
    urlPath: string,
  ): Promise<{ kind: 'file'; path: string; contentType: string } | { kind: 'not-found' }> => {
    const asset = options.assets ? await options.assets(urlPath) : null;
    return asset ? { kind: 'file', path: asset.file, contentType: asset.contentType } : { kind: 'not-found' };
  };

  const handlePublic = async (route: PublicRoute, request: IncomingMessage, response: ServerResponse) => {
    const answer = await answerPublicRoute(route, request);
    // A body refused before it was all read (over the cap, or not admitted) is not read on: the connection
    // closes with the answer instead of waiting for the rest of a 64 MiB claim.
    const close: Record<string, string> = request.complete ? {} : { connection: 'close' };
    respond(response, answer.status, answer.body, answer.contentType, {
      ...retryAfterHeader(answer),
      ...close,
    });
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const verdict = checkLocalRequest(request.headers, port);
    const token = url.searchParams.get('token');
    const kind = verdict.ok ? tokens.kindOf(token) : null;
    if (url.pathname !== WS_PATH || !verdict.ok || kind === null || token === null) {
      const status = !verdict.ok ? verdict.status : kind === null ? 403 : 404;
      socket.end(`HTTP/1.1 ${status} Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const route = url.searchParams.get(WS_ROUTE_PARAM);
    sockets.handleUpgrade(request, socket, head, (ws) =>
      attachClient(ws, { kind, token, route, inFlight: 0 }),
    );
  });
  // Only the listening server's own failures arrive here (noServer); a client's bad frame is its socket's.
  sockets.on('error', (error) => logger.error('host socket server failed', { error: String(error) }));

  // A feed hands every page of its audience the same message: it becomes JSON once, not once per page (OBS
  // with many sources).
  const stateFrames = new WeakMap<StateMessage<AppState | OverlayState>, string>();
  const stateFrameText = (message: StateMessage<AppState | OverlayState>): string => {
    const known = stateFrames.get(message);
    if (known !== undefined) return known;
    const text = JSON.stringify({ type: 'state', message } satisfies ServerFrame<AppState | OverlayState>);
    stateFrames.set(message, text);
    return text;
  };

  const isStale = (client: Client): boolean => tokens.tokenOf(client.kind) !== client.token;

  const attachClient = (ws: WebSocket, client: Client): void => {
    clients.set(ws, client);
    const sendText = (text: string): void => {
      if (ws.readyState !== ws.OPEN) return;
      // A view that cannot keep up is dropped; it reconnects and starts again from a snapshot.
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        logger.warn('host dropped a page that stopped reading', { bufferedBytes: ws.bufferedAmount });
        return void ws.terminate();
      }
      ws.send(text);
    };
    const send = (frame: ServerFrame): void => sendText(JSON.stringify(frame));
    // An overlay page is pushed only what its route draws (a card overlay nothing while only the arena moves).
    const feed = feedFor(feeds, client.kind, client.route);
    const unsubscribe = feed.subscribe((message) => sendText(stateFrameText(message)));
    ws.on('close', () => {
      clients.delete(ws);
      unsubscribe();
    });
    // A malformed frame (unmasked, unknown opcode, bad UTF-8, oversized…) fails this socket only: without a
    // listener, ws would throw it as an unhandled 'error' event and take the whole app down.
    ws.once('error', (error: Error & { code?: string }) => {
      logger.warn('host socket dropped a bad frame', { error: error.message, code: error.code ?? null });
      ws.on('error', () => undefined);
      ws.terminate();
    });
    ws.on('message', (data) => {
      let frame;
      try {
        frame = clientFrameSchema.safeParse(JSON.parse(String(data)));
      } catch {
        return void ws.close(1003, 'not JSON');
      }
      if (!frame.success) return void ws.close(1003, 'not a contract frame');
      const message = frame.data;
      if (message.type === 'resync') return sendText(stateFrameText(feed.snapshot()));
      client.inFlight += 1;
      void routers[client.kind](message.channel, message.input).then((result) => {
        client.inFlight -= 1;
        send({ type: 'response', id: message.id, result });
        // The page that rotated its own link gets the answer (its new URL) before it is let go.
        if (client.inFlight === 0 && isStale(client)) ws.close(LINK_REPLACED_CLOSE_CODE, 'link replaced');
      });
    });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : options.port;
  const stopWarming = new AbortController();
  const filesWarmed = warmCompressedFiles(options.rendererDir, compressedFiles, stopWarming.signal).catch(
    (error: unknown) => logger.warn('host could not warm its compressed files', { error: String(error) }),
  );

  return {
    port,
    url: (path, kind = 'companion') => `http://127.0.0.1:${port}${path}?token=${tokens.tokenOf(kind)}`,
    dropStaleSockets: () => {
      for (const [ws, client] of clients) {
        if (client.inFlight === 0 && isStale(client)) ws.close(LINK_REPLACED_CLOSE_CODE, 'link replaced');
      }
    },
    filesWarmed,
    close: async () => {
      stopWarming.abort();
      await filesWarmed;
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const HOST_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
};

/** An overlay page's: the OBS page may frame it for its live preview (securityHeaders.ts). */
const OVERLAY_PAGE_HEADERS: Record<string, string> = { ...HOST_HEADERS, ...OVERLAY_SECURITY_HEADERS };

function respond(
  response: ServerResponse,
  status: number,
  body: string,
  contentType: PublicRouteAnswer['contentType'] = 'text/plain',
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...HOST_HEADERS,
    ...headers,
    'content-type': `${contentType}; charset=utf-8`,
  });
  response.end(body);
}
