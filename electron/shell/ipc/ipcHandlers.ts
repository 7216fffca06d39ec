import {
  IPC_CHANNELS,
  type AppState,
  type Audience,
  type OverlayState,
  type Result,
  type StateMessage,
} from '@shared/contract';
import { routerFor } from '../../core/platform/router/audienceRouter';
import type { RequestRouter } from '../../core/platform/router/requestRouter';
import { feedFor, type AudienceFeeds } from '../../core/platform/hub/audienceFeeds';
import type { PagesOrigin } from '../protocol/pagesOrigin';
import { isTrustedSender } from '../security/guards';

/**
 * Who sent an IPC message: the URL of the sending frame, whether it is its page's main frame, and the id of its
 * window's WebContents (which audience the window is was decided when it was made, never by what its page says).
 */
export interface SenderInfo {
  frameUrl: string | undefined;
  isMainFrame: boolean;
  contentsId: number | undefined;
}

/** Where state goes: a window's WebContents, reduced to what forwarding needs. */
export interface StateTarget {
  readonly id: number;
  send(channel: typeof IPC_CHANNELS.state, message: StateMessage<AppState | OverlayState>): void;
  isDestroyed(): boolean;
  once(event: 'destroyed', listener: () => void): unknown;
}

export interface IpcHandlers {
  /**
   * ipcMain.handle(IPC_CHANNELS.request): answers the app's own main frames, refuses everyone else; an overlay
   * window (or a window never attached) only on the overlay's channels.
   */
  handleRequest(sender: SenderInfo, channel: unknown, input: unknown): Promise<Result<unknown>>;
  /** ipcMain.on(IPC_CHANNELS.resync): a view asks for a full snapshot (on start, or after a gap). */
  handleResync(sender: SenderInfo, target: StateTarget): void;
  /**
   * Starts pushing a window its audience's state (an overlay window only what overlays draw, and only what its
   * overlay `route` draws when the shell opened it for one); a no-op if it already gets state. Ends when it is
   * destroyed.
   */
  attach(target: StateTarget, audience: Audience, route?: string): void;
  detach(id: number): void;
  /** Ids of the windows that currently get state. */
  attached(): number[];
  detachAll(): void;
}

export interface IpcHandlerOptions {
  router: RequestRouter;
  /** The state each audience is pushed (the core's, shared with the browser host). */
  feeds: AudienceFeeds;
  /** The windows' pages: only their main frames are answered (isTrustedSender). */
  pages: PagesOrigin;
  log?: (message: string) => void;
}

interface Subscription {
  audience: Audience;
  /** The overlay's name the shell opened the window for, if any. */
  route: string | null;
  unsubscribe: () => void;
}

const UNTRUSTED: Result<unknown> = {
  ok: false,
  error: { code: 'unsupported', message: "Requests are only answered for Sightline's own windows." },
};

/**
 * The main side of the IPC bridge as plain functions, so the Electron wiring is a few one-liners:
 * requests pass the sender check and then the contract's router; state is pushed per window.
 */
export function createIpcHandlers(options: IpcHandlerOptions): IpcHandlers {
  const isTrusted = (sender: SenderInfo): boolean =>
    isTrustedSender(options.pages, sender.frameUrl, sender.isMainFrame);
  const log = options.log ?? (() => undefined);
  const subscriptions = new Map<number, Subscription>();
  const routers: Record<Audience, RequestRouter> = {
    companion: routerFor(options.router, 'companion'),
    overlay: routerFor(options.router, 'overlay'),
  };
  // A window the shell never attached gets the least: what an overlay gets.
  const audienceOf = (contentsId: number | undefined): Audience =>
    (contentsId === undefined ? undefined : subscriptions.get(contentsId)?.audience) ?? 'overlay';

  const deliver = (target: StateTarget, message: StateMessage<AppState | OverlayState>): void => {
    if (target.isDestroyed()) {
      detach(target.id);
      return;
    }
    try {
      target.send(IPC_CHANNELS.state, message);
    } catch (error) {
      // A window torn down between the check and the send: stop pushing to it.
      log(`state push to window ${target.id} failed: ${String(error)}`);
      detach(target.id);
    }
  };

  const detach = (id: number): void => {
    const subscription = subscriptions.get(id);
    if (!subscription) return;
    subscriptions.delete(id);
    subscription.unsubscribe();
  };

  const attach = (target: StateTarget, audience: Audience, route?: string): void => {
    if (subscriptions.has(target.id) || target.isDestroyed()) return;
    // Registered before subscribing: subscribing delivers a snapshot, which may find the window gone.
    const entry: Subscription = { audience, route: route ?? null, unsubscribe: () => undefined };
    subscriptions.set(target.id, entry);
    target.once('destroyed', () => detach(target.id));
    const unsubscribe = feedFor(options.feeds, audience, entry.route).subscribe((message) =>
      deliver(target, message),
    );
    if (subscriptions.get(target.id) === entry) entry.unsubscribe = unsubscribe;
    else unsubscribe();
  };

  return {
    async handleRequest(sender, channel, input) {
      if (!isTrusted(sender)) {
        log(`refused a request from an untrusted frame`);
        return UNTRUSTED;
      }
      try {
        return await routers[audienceOf(sender.contentsId)](channel, input);
      } catch (error) {
        // The router turns failures into results itself; this only keeps a stack off the wire.
        log(`request failed: ${String(error)}`);
        return { ok: false, error: { code: 'internal', message: 'The request failed unexpectedly.' } };
      }
    },
    handleResync(sender, target) {
      if (!isTrusted(sender)) {
        log(`refused a resync from an untrusted frame`);
        return;
      }
      // A window not yet attached gets its snapshot from subscribing; others get a fresh one of their audience.
      if (!subscriptions.has(target.id)) attach(target, audienceOf(target.id));
      else {
        const subscription = subscriptions.get(target.id);
        const feed = feedFor(options.feeds, audienceOf(target.id), subscription?.route ?? null);
        deliver(target, feed.snapshot());
      }
    },
    attach,
    detach,
    attached: () => [...subscriptions.keys()],
    detachAll: () => {
      for (const id of [...subscriptions.keys()]) detach(id);
    },
  };
}

/** The part of an IPC event the sender check reads (Electron's IpcMainEvent / IpcMainInvokeEvent). */
export interface IpcSenderEvent {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
  readonly sender: { readonly id: number };
}

/**
 * Reads who sent an IPC message. A missing frame, or one already gone (Electron throws on a disposed
 * frame), counts as an untrusted sender.
 */
export function senderInfoOf(event: IpcSenderEvent): SenderInfo {
  try {
    const frame = event.senderFrame;
    const contentsId = event.sender.id;
    if (!frame) return { frameUrl: undefined, isMainFrame: false, contentsId };
    return { frameUrl: frame.url, isMainFrame: frame.parent === null, contentsId };
  } catch {
    return { frameUrl: undefined, isMainFrame: false, contentsId: undefined };
  }
}
