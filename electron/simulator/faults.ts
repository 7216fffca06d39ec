import type { ServerResponse } from 'node:http';
import { TLSSocket } from 'node:tls';
import { OVERSIZE_BODY_BYTES, type FaultKind, type ScenarioFault, type ServiceName } from './scenario';
import type { ServiceResponse } from './serviceResponse';

/** Which fault applies to a request, and how the request-level faults look on the wire. */

export interface FaultSetting {
  fault: FaultKind;
  /** Path prefixes; all paths when absent. */
  paths?: readonly string[];
}

const matchesPath = (paths: readonly string[] | undefined, path: string | null): boolean =>
  !paths || (path !== null && paths.some((prefix) => path.startsWith(prefix)));

/**
 * The fault acting on `service` at scenario time t: one set over the control API wins over the
 * scenario's. With path null, only faults that apply to every path count (connection faults).
 */
export function activeFault(
  scenarioFaults: readonly ScenarioFault[],
  override: FaultSetting | null,
  service: ServiceName,
  path: string | null,
  t: number,
): FaultKind | null {
  if (override) return matchesPath(override.paths, path) ? override.fault : null;
  const found = scenarioFaults.find(
    (fault) =>
      fault.service === service &&
      t >= fault.from &&
      (fault.to === undefined || t < fault.to) &&
      matchesPath(fault.paths, path),
  );
  return found?.fault ?? null;
}

export interface WireOptions {
  /** Real milliseconds a slow body takes to drip. */
  slowBodyMs: number;
  /** Timers the simulator clears on close. */
  timers: Set<NodeJS.Timeout>;
}

function headers(length: number): Record<string, string | number> {
  return { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': length };
}

/**
 * Writes the response, mangled by a body-level fault (slow-body, malformed-json, truncated-body,
 * reset-mid-body, oversize-body, wrong-shape) if any.
 */
export function writeResponse(
  res: ServerResponse,
  response: ServiceResponse,
  fault: FaultKind | null,
  options: WireOptions,
): void {
  const text = JSON.stringify(response.body) ?? 'null';
  const bytes = Buffer.from(text, 'utf8');

  if (fault === 'malformed-json') {
    // Half the document then ",,": never valid JSON, yet a complete HTTP message.
    const broken = Buffer.from(`${text.slice(0, Math.ceil(text.length / 2))},,}`, 'utf8');
    res.writeHead(200, headers(broken.length)).end(broken);
    return;
  }

  if (fault === 'wrong-shape') {
    const wrong = Buffer.from(JSON.stringify(wrongShape(response.body)), 'utf8');
    res.writeHead(response.status, headers(wrong.length)).end(wrong);
    return;
  }

  if (fault === 'reset-mid-body') {
    // Half the body, then a TCP reset: what a client that crashes mid-answer leaves behind.
    res.writeHead(response.status, headers(bytes.length));
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
      const socket = res.socket;
      // A TLS socket cannot send a TCP RST itself; destroying it drops the connection without close_notify.
      if (socket instanceof TLSSocket) socket.destroy();
      else socket?.resetAndDestroy();
    });
    return;
  }

  if (fault === 'oversize-body') {
    streamOversizeBody(res);
    return;
  }

  if (fault === 'truncated-body') {
    res.writeHead(response.status, headers(bytes.length + 64));
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.end());
    return;
  }

  if (fault === 'slow-body') {
    res.writeHead(response.status, headers(bytes.length));
    res.flushHeaders();
    const chunks = 10;
    const size = Math.ceil(bytes.length / chunks);
    let sent = 0;
    const drip = (): void => {
      if (res.destroyed) return;
      const chunk = bytes.subarray(sent, sent + size);
      sent += chunk.length;
      if (sent >= bytes.length) {
        res.end(chunk);
        return;
      }
      res.write(chunk);
      const timer = setTimeout(() => {
        options.timers.delete(timer);
        drip();
      }, options.slowBodyMs / chunks);
      options.timers.add(timer);
    };
    const first = setTimeout(() => {
      options.timers.delete(first);
      drip();
    }, options.slowBodyMs / chunks);
    options.timers.add(first);
    return;
  }

  res.writeHead(response.status, headers(bytes.length)).end(bytes);
}

/** Valid JSON in the wrong shape for the endpoint: an object becomes a list, a list an object. */
function wrongShape(body: unknown): unknown {
  if (Array.isArray(body)) return { items: body };
  if (body !== null && typeof body === 'object') return [body];
  return { value: body };
}

/**
 * A 64 MiB JSON document, chunked (no Content-Length to refuse it by), written only as fast as the client
 * reads: the simulator never holds it whole either, and stops when the client hangs up.
 */
function streamOversizeBody(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  let sent = 0;
  const pump = (): void => {
    while (!res.destroyed && sent < OVERSIZE_BODY_BYTES) {
      sent += chunk.length;
      if (!res.write(sent === chunk.length ? Buffer.concat([Buffer.from('{"padding":"'), chunk]) : chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end('"}');
  };
  pump();
}
