import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildBundleZip, cardImageSize, cardPng, publishedBundle } from './bundleZips';
import { CARD_HOST_LOCALES, HOST_CARD_SETS, bundleCards, regionIconFiles } from './cardModel';
import {
  DEFAULT_REALMS,
  GAME_CONSTANTS,
  LANGUAGES,
  SCOREBOARD_ICONS,
  VERSIONS,
  artSizes,
  championDetailFile,
  championFile,
  hasRunes,
  imageSizes,
  itemFile,
  profileIconFile,
  realmFile,
  runeIconPaths,
  runesReforgedFile,
  summonerFile,
} from './ddragonModel';
import { buildDragontail, dragontailPath } from './dragontail';
import { encodeJpeg } from './jpegImage';
import { colorFor, encodePng, encodePortraitPng } from './pngImage';

/**
 * The static hosts over plain HTTP on 127.0.0.1: a Data Dragon stand-in (with the game constants under
 * /docs/lol) and a card bundle host serving real zips. Missing files answer 403 with an S3-style body, as the real
 * hosts do. Faults and counters let tests cut, stall or replace a download and check how many run at once.
 */

export interface StaticHostsOptions {
  /** 0 or absent: an ephemeral port. */
  ddragonPort?: number;
  cardDataPort?: number;
  /** Wait before each answer, so concurrent downloads overlap visibly. */
  latencyMs?: number;
  /** Send bodies in chunks with pauses, so a download can be interrupted half way. */
  throttle?: { chunkBytes: number; intervalMs: number };
  /** Region → version its realm file names (default: na 14.1.1, euw 13.24.1, eune 14.1.1, kr 14.2.1). */
  realms?: Record<string, string>;
}

export type StaticHostFault =
  /**
   * Announce the whole length, send part (`afterBytes`, default half), then drop the connection. An answer no
   * longer than `afterBytes` is sent whole.
   */
  | { kind: 'cut-body'; match: string; afterBytes?: number }
  /** Send part, then nothing more until the client gives up. */
  | { kind: 'stall'; match: string; afterBytes?: number }
  | { kind: 'status'; match: string; status: number }
  /**
   * Serve these bytes instead (a hostile zip in place of a bundle). `noValidator`: as a host (or a proxy) that
   * sends no ETag nor Last-Modified: a client has nothing to put in If-Range, and a Range without one is
   * answered 206 from whatever the host has now (RFC 9110 §14.2), another file's bytes if it changed. `afterBytes`:
   * cut the connection after that many bytes, as `cut-body`.
   */
  | { kind: 'replace-body'; match: string; body: Buffer; noValidator?: boolean; afterBytes?: number };

export interface StaticHostStats {
  /** Requests per path, both hosts (HEAD requests as "HEAD <path>"). */
  requests: Record<string, number>;
  inFlight: number;
  /** Most answers in progress at the same time since the last reset. */
  maxInFlight: number;
  /** Range requests, as "<path> <Range header>", in order. */
  ranges: string[];
}

export interface StaticHostsControl {
  setRealm(region: string, version: string): void;
  /** Faults apply to paths containing `match`; the first that matches wins. */
  setFaults(faults: StaticHostFault[]): void;
  /** Ends every open connection, idle or not (the network changed): the next request must connect anew. */
  dropConnections(): void;
  stats(): StaticHostStats;
  resetStats(): void;
}

export interface RunningStaticHosts {
  urls: { ddragon: string; cardData: string; constants: string };
  control: StaticHostsControl;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

const json = (value: unknown): Answer => ({
  status: 200,
  type: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify(value)),
});
const png = (body: Buffer): Answer => ({ status: 200, type: 'image/png', body });
const accessDenied = (): Answer => ({
  status: 403,
  type: 'application/xml',
  body: Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
  ),
});

const LAST_MODIFIED = 'Wed, 10 Jan 2024 12:00:00 GMT';

export async function startStaticHosts(options: StaticHostsOptions = {}): Promise<RunningStaticHosts> {
  const realms = { ...DEFAULT_REALMS, ...options.realms };
  let faults: StaticHostFault[] = [];
  let requests: Record<string, number> = {};
  let ranges: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const images = new Map<string, Buffer>();
  const image = (path: string, encode: () => Buffer): Buffer => {
    let body = images.get(path);
    if (!body) {
      body = encode();
      images.set(path, body);
    }
    return body;
  };
  const zips = new Map<string, Promise<Buffer>>();
  const packs = new Map<string, Promise<Buffer>>();
  let cardBase = '';

  /** The patch packs are built once, on first request, from the same image bytes the host serves. */
  function ddragonRoute(path: string): Answer | Promise<Answer> {
    const pack = dragontailPath(path);
    if (!pack) return ddragonAnswer(path);
    let built = packs.get(path);
    if (!built) {
      built = buildDragontail(pack.version, pack.form, image);
      packs.set(path, built);
    }
    const type = pack.form === 'tgz' ? 'application/gzip' : 'application/zip';
    return built.then((body) => ({ status: 200, type, body }));
  }

  function ddragonAnswer(path: string): Answer {
    if (path === '/api/versions.json') return json(VERSIONS);
    if (path === '/cdn/languages.json') return json(LANGUAGES);
    const realm = /^\/realms\/([a-z0-9]+)\.json$/.exec(path);
    if (realm) {
      const version = realms[realm[1] ?? ''];
      return version ? json(realmFile(realm[1] ?? '', version)) : accessDenied();
    }
    const constant = /^\/docs\/lol\/(\w+)\.json$/.exec(path);
    if (constant) {
      const value = GAME_CONSTANTS[constant[1] ?? ''];
      return value ? json(value) : accessDenied();
    }
    const data =
      /^\/cdn\/([\d.]+)\/data\/([a-zA-Z_]+)\/(champion|item|summoner|profileicon|runesReforged)\.json$/.exec(
        path,
      );
    if (data) {
      const [, version = '', locale = '', file] = data;
      if (!VERSIONS.includes(version) || !LANGUAGES.includes(locale)) return accessDenied();
      if (file === 'runesReforged') return hasRunes(version) ? json(runesReforgedFile()) : accessDenied();
      if (file === 'champion') return json(championFile(version, locale));
      if (file === 'item') return json(itemFile(version, locale));
      if (file === 'summoner') return json(summonerFile(version, locale));
      return json(profileIconFile(version));
    }
    const champion = /^\/cdn\/([\d.]+)\/data\/([a-zA-Z_]+)\/champion\/(\w+)\.json$/.exec(path);
    if (champion) {
      const [, version = '', locale = '', id = ''] = champion;
      if (!VERSIONS.includes(version) || !LANGUAGES.includes(locale)) return accessDenied();
      const detail = championDetailFile(version, locale, id);
      return detail ? json(detail) : accessDenied();
    }
    const versioned = /^\/cdn\/([\d.]+)\/(img\/.+)$/.exec(path);
    if (versioned) {
      const [, version = ''] = versioned;
      const relative = path.slice(1);
      if (SCOREBOARD_ICONS.includes(relative))
        return png(image(relative, () => encodePng(32, 32, colorFor(relative))));
      const size = VERSIONS.includes(version) ? imageSizes(version).get(relative) : undefined;
      if (!size) return accessDenied();
      const encode = relative.includes('/img/champion/') ? encodePortraitPng : encodePng;
      return png(image(relative, () => encode(size[0], size[1], colorFor(relative))));
    }
    if (runeIconPaths().includes(path.slice(1))) {
      return png(image(path, () => encodePng(64, 64, colorFor(path))));
    }
    const art = artSizes().get(path.slice(1));
    if (art) {
      return {
        status: 200,
        type: 'image/jpeg',
        body: image(path, () => encodeJpeg(art[0], art[1], colorFor(path))),
      };
    }
    return accessDenied();
  }

  async function cardAnswer(path: string): Promise<Answer> {
    const bundle = publishedBundle(path);
    if (bundle) {
      const key = `${bundle.folder}/${bundle.bundle}-${bundle.variant}-${bundle.locale}`;
      let zip = zips.get(key);
      if (!zip) {
        zip = buildBundleZip({ ...bundle, base: cardBase });
        zips.set(key, zip);
      }
      return { status: 200, type: 'application/zip', body: await zip };
    }
    const cardImage =
      /^\/(?:latest|\d+_\d+_\d+)\/(set\d+[a-z]*|adventure)\/([a-z_]+)\/img\/cards\/(\w+?)((?:-alt)?(?:-full)?)\.png$/.exec(
        path,
      );
    if (cardImage) {
      const [, set = '', locale = '', code = '', suffix = ''] = cardImage;
      const bundle =
        set === 'adventure' ? set : HOST_CARD_SETS.find((candidate) => candidate.name === set)?.name;
      const card = bundle ? bundleCards(bundle).find((candidate) => candidate.cardCode === code) : undefined;
      const known =
        card &&
        (CARD_HOST_LOCALES as readonly string[]).includes(locale) &&
        (!suffix.includes('alt') || card.alt);
      if (!known) return accessDenied();
      const file = `${code}${suffix}.png`;
      const [width, height] = cardImageSize(file, card.type === 'Spell');
      return png(cardPng(file, width, height));
    }
    const icon = /^\/latest\/core\/([a-z_]+)\/img\/regions\/([\w-]+\.png)$/.exec(path);
    if (icon && regionIconFiles().includes(icon[2] ?? '')) return png(cardPng(icon[2] ?? '', 64, 64));
    return accessDenied();
  }

  function send(req: IncomingMessage, res: ServerResponse, answer: Answer, path: string): void {
    const fault = faults.find((candidate) => path.includes(candidate.match));
    if (fault?.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'text/plain' }).end(`simulated ${fault.status}`);
      return;
    }
    const whole = fault?.kind === 'replace-body' ? fault.body : answer.body;
    const etag = `"${createHash('sha1').update(whole).digest('hex')}"`;
    const validators =
      fault?.kind === 'replace-body' && fault.noValidator ? {} : { etag, 'last-modified': LAST_MODIFIED };
    if (answer.status === 200 && req.headers['if-none-match'] === etag && !fault) {
      res.writeHead(304, { etag, 'last-modified': LAST_MODIFIED }).end();
      return;
    }
    // "bytes=N-", as a resumed download asks; with If-Range, only while the file is still the same one. As
    // RFC 9110 §13.1.5 has it: the comparison is strong (a weak tag never matches), and a mismatch gets the
    // whole file, 200. Without If-Range the range is served from the file as it is now.
    const range = answer.status === 200 ? /^bytes=(\d+)-$/.exec(req.headers.range ?? '') : null;
    if (req.headers.range) ranges.push(`${path} ${req.headers.range}`);
    const ifRange = req.headers['if-range'];
    const strongMatch =
      typeof ifRange === 'string' && !ifRange.startsWith('W/') && ifRange === validators.etag;
    const start = range && (ifRange === undefined || strongMatch) ? Number(range[1]) : 0;
    if (start > 0 && start >= whole.length) {
      res.writeHead(416, { 'content-range': `bytes */${whole.length}` }).end();
      return;
    }
    const body = whole.subarray(start);
    res.writeHead(start > 0 ? 206 : answer.status, {
      'content-type': answer.type,
      'content-length': body.length,
      ...(answer.status === 200 ? { ...validators, 'accept-ranges': 'bytes' } : {}),
      ...(start > 0 ? { 'content-range': `bytes ${start}-${whole.length - 1}/${whole.length}` } : {}),
    });
    // HEAD: what the file is (its size, its ETag), as the real hosts answer it; nothing of the body.
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // An answer shorter than `afterBytes` goes out whole: the last range of a resumed download gets through.
    const replacedCut = fault?.kind === 'replace-body' && (fault.afterBytes ?? Infinity) < body.length;
    const cuts = fault?.kind === 'cut-body' || replacedCut;
    const stopAt =
      replacedCut && fault.afterBytes !== undefined
        ? fault.afterBytes
        : (fault?.kind === 'cut-body' || fault?.kind === 'stall') && (fault.afterBytes ?? 0) < body.length
          ? Math.min(fault.afterBytes ?? Math.floor(body.length / 2), body.length - 1)
          : body.length;
    const chunkBytes = options.throttle?.chunkBytes ?? body.length;
    let sent = 0;
    const cut = (): void => void res.socket?.destroy();
    const pump = (): void => {
      if (res.destroyed) return;
      if (sent >= stopAt) {
        if (cuts) {
          res.flushHeaders();
          setImmediate(cut);
        } else if (fault?.kind !== 'stall') res.end();
        return;
      }
      const chunk = body.subarray(sent, Math.min(sent + chunkBytes, stopAt));
      sent += chunk.length;
      // Drop the connection only once the part before the cut is on the wire.
      if (sent >= stopAt && cuts) return void res.write(chunk, cut);
      res.write(chunk);
      if (options.throttle) later(options.throttle.intervalMs, pump);
      else pump();
    };
    pump();
  }

  const handler =
    (answer: (path: string) => Answer | Promise<Answer>) =>
    (req: IncomingMessage, res: ServerResponse): void => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      // Downloads count under their path; a HEAD (a size asked before a download) under "HEAD <path>".
      const counted = req.method === 'HEAD' ? `HEAD ${path}` : path;
      requests[counted] = (requests[counted] ?? 0) + 1;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => (inFlight -= 1));
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405).end();
        return;
      }
      later(options.latencyMs ?? 0, () => {
        Promise.resolve(answer(path)).then(
          (result) => send(req, res, result, path),
          () => res.writeHead(500).end(),
        );
      });
    };

  const ddragon = createServer(handler(ddragonRoute));
  const cards = createServer(handler(cardAnswer));
  const ddragonPort = await listen(ddragon, options.ddragonPort ?? 0);
  let cardPort: number;
  try {
    cardPort = await listen(cards, options.cardDataPort ?? 0);
  } catch (error) {
    await stop(ddragon);
    throw error;
  }
  const ddragonUrl = `http://127.0.0.1:${ddragonPort}`;
  cardBase = `http://127.0.0.1:${cardPort}`;

  return {
    urls: { ddragon: ddragonUrl, cardData: cardBase, constants: `${ddragonUrl}/docs/lol` },
    control: {
      setRealm: (region, version) => void (realms[region] = version),
      setFaults: (next) => void (faults = [...next]),
      dropConnections: () => {
        ddragon.closeAllConnections();
        cards.closeAllConnections();
      },
      stats: () => ({ requests: { ...requests }, inFlight, maxInFlight, ranges: [...ranges] }),
      resetStats: () => {
        requests = {};
        ranges = [];
        maxInFlight = inFlight;
      },
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([stop(ddragon), stop(cards)]);
    },
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The card sets this host publishes: every set the spec names; the adventure bundle is published too, beside them. */
export const PUBLISHED_CARD_SETS: readonly string[] = HOST_CARD_SETS.map((set) => set.name);

export { zipBuffer, buildBundleZip } from './bundleZips';
export type { ZipEntry } from './bundleZips';
export * as maliciousZips from './maliciousZips';
export { ZIP_PACK_VERSION, packImages, tarGzBuffer } from './dragontail';
export type { TarEntry } from './dragontail';
export { encodePng, pngSize } from './pngImage';
