import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Server as HttpsServer } from 'node:https';
import { restartablePorts } from './restartablePort';
import type { ServerCredentials } from './tlsAuthority';

/**
 * One simulated service's listener on 127.0.0.1. It keeps its port across "process restarts":
 * stopping closes the listener and every connection (connection refused), starting listens again on the same port.
 */
export interface ServiceEndpoint {
  readonly port: number;
  readonly listening: boolean;
  /** Listen or stop; calls are applied in order. */
  setListening(listening: boolean): Promise<void>;
  /** HTTPS only: present a leaf from an unrelated CA instead of the trusted one. */
  setUntrusted(untrusted: boolean): void;
  close(): Promise<void>;
}

export interface ServiceEndpointOptions {
  /** 0: a free port below the ephemeral range (see restartablePort), so a restart can always listen on it again. */
  port: number;
  /** Null for plain HTTP. */
  tls: { trusted: ServerCredentials; untrusted: ServerCredentials } | null;
  onRequest: (req: IncomingMessage, res: ServerResponse) => void;
}

const HOST = '127.0.0.1';

export async function createServiceEndpoint(options: ServiceEndpointOptions): Promise<ServiceEndpoint> {
  const server: Server | HttpsServer = options.tls
    ? createHttpsServer({ ...options.tls.trusted }, options.onRequest)
    : createHttpServer(options.onRequest);
  let untrusted = false;
  let listening = false;
  let closed = false;
  let queue: Promise<void> = Promise.resolve();

  const listen = (port: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      server.once('error', onError);
      server.listen(port, HOST, () => {
        server.off('error', onError);
        resolve();
      });
    });

  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      server.close(() => resolve());
      // A closed game process drops every connection, including keep-alive and hanging ones.
      server.closeAllConnections();
    });

  await listenFirst(options.port, listen);
  listening = true;
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The simulator could not read its listening port');
  const port = address.port;

  function enqueue(step: () => Promise<void>): Promise<void> {
    queue = queue.then(step, step);
    return queue;
  }

  return {
    port,
    get listening() {
      return listening;
    },
    setListening(wanted) {
      return enqueue(async () => {
        if (closed || wanted === listening) return;
        if (wanted) await listen(port);
        else await stop();
        listening = wanted;
      });
    },
    setUntrusted(wanted) {
      if (!options.tls || wanted === untrusted) return;
      untrusted = wanted;
      (server as HttpsServer).setSecureContext({ ...(wanted ? options.tls.untrusted : options.tls.trusted) });
      // Another certificate means another server: kept-alive connections must not outlive the old one.
      server.closeAllConnections();
    },
    close() {
      closed = true;
      return enqueue(async () => {
        if (listening) await stop();
        listening = false;
      });
    },
  };
}

function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
}

/** Listens on the given port, or for 0 on the first free restartable port. */
async function listenFirst(port: number, listen: (port: number) => Promise<void>): Promise<void> {
  if (port !== 0) return listen(port);
  for (let tried = 0; tried < restartablePorts.size; tried++) {
    try {
      return await listen(restartablePorts.next());
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
    }
  }
  throw new Error(`No free port in this worker's block of ${restartablePorts.size}`);
}
