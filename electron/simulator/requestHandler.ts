import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeResponse } from './faults';
import type { WireOptions } from './faults';
import type { RequestLog } from './requestLog';
import type { FaultKind, ServiceName } from './scenario';
import { LOADING_RESPONSE, SERVER_ERROR_RESPONSE, badRequest, errorResponse } from './serviceResponse';
import type { ServiceHandler, ServiceRequest } from './serviceResponse';
import { SCHEMA_FAULTS, driftDocument, isDocumentPath } from './swaggerDocuments';

/** Node request → ServiceRequest → (fault?) → wire, for one simulated service. */

export interface RequestHandlerOptions {
  service: ServiceName;
  /** The service's current handler (a restart replaces it). */
  handler: () => ServiceHandler;
  /** The request-level fault for a path right now, if any. */
  faultFor: (path: string) => FaultKind | null;
  /** False once the process is gone or refusing; the port closes on the next sync, until then connections are dropped. */
  isAvailable: () => boolean;
  log: RequestLog;
  wire: () => WireOptions;
}

const MAX_BODY_BYTES = 1_000_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('Request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function createRequestHandler(
  options: RequestHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      if (!options.isAvailable()) return void req.socket.destroy();
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      options.log.record(options.service, url.pathname);
      const fault = options.faultFor(url.pathname);
      if (fault === 'hang') return; // accepted, never answered
      const wire = options.wire();
      if (fault === 'not-found-loading') return writeResponse(res, LOADING_RESPONSE, null, wire);
      if (fault === 'server-error') return writeResponse(res, SERVER_ERROR_RESPONSE, null, wire);

      let body: unknown;
      try {
        const text = await readBody(req);
        body = text.trim() === '' ? undefined : JSON.parse(text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return writeResponse(res, badRequest(`Invalid JSON body: ${reason}`), null, wire);
      }
      const request: ServiceRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
      };
      let response;
      try {
        response = options.handler()(request);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        response = errorResponse(500, 'INTERNAL_ERROR', `Simulator error: ${reason}`);
      }
      // A schema fault changes the API description served, not how it travels.
      if (fault !== null && SCHEMA_FAULTS.includes(fault)) {
        if (isDocumentPath(request.path) && response.status === 200) {
          response = { ...response, body: driftDocument(response.body, fault, options.service) };
        }
        return writeResponse(res, response, null, wire);
      }
      writeResponse(res, response, fault, wire);
    })();
  };
}
