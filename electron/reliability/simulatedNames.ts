import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/**
 * Name resolution for the simulated world, handed to the app in place of Node's DNS lookup: every name
 * answers 127.0.0.1 (the simulators), and while DNS is "down" every name fails with ENOTFOUND, as an
 * offline machine's resolver does. No query is ever sent, so no test reaches anything but 127.0.0.1.
 */
export interface SimulatedNames {
  lookup: LookupFunction;
  setDown(down: boolean): void;
  /** Called each time DNS goes down (the world ends the connections the app holds open). */
  onDown(listener: () => void): void;
  /** How many names were asked for while DNS was down. */
  failed(): number;
}

/** The name the app is given for every simulated host that is not a local game client. */
export const SIMULATED_HOST_NAME = 'localhost';

export function createSimulatedNames(): SimulatedNames {
  let down = false;
  let failed = 0;
  const listeners: Array<() => void> = [];
  const lookup: LookupFunction = (hostname, options, callback) => {
    // Answered on a later tick, like a real resolver: callers must not see it synchronously.
    setImmediate(() => {
      if (down) {
        failed += 1;
        const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
        error.code = 'ENOTFOUND';
        callback(error, options.all ? [] : '', 4);
        return;
      }
      const address: LookupAddress = { address: '127.0.0.1', family: 4 };
      // Node 20 asks for every address (`all`) when it may try several families.
      if (options.all) callback(null, [address]);
      else callback(null, address.address, address.family);
    });
  };
  return {
    lookup,
    setDown: (next) => {
      const wentDown = next && !down;
      down = next;
      if (wentDown) for (const listener of listeners) listener();
    },
    onDown: (listener) => void listeners.push(listener),
    failed: () => failed,
  };
}

/** `url` with its 127.0.0.1 host named instead, so that reaching it takes a name lookup. */
export function byName(url: string): string {
  return url.replace('//127.0.0.1:', `//${SIMULATED_HOST_NAME}:`);
}
