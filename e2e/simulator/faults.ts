import type { ServerResponse } from 'node:http';
import type { FaultKind, ScenarioFault, ServiceName } from './scenario';
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

/** Writes the response, mangled by a body-level fault (slow-body, malformed-json, truncated-body) if any. */
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
