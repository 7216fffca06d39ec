import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { z } from 'zod';
import { FAULT_KINDS, SERVICE_NAMES, ScenarioError, parseScenario } from './scenario';
import { ControlError } from './simulatorControl';
import type { SimulatorControl } from './simulatorControl';

/**
 * The control API over HTTP, for tests and tools in another process:
 * POST /fault {service, fault|null, paths?}, POST /restart {scenario?}, POST /advance {seconds},
 * GET /state, GET /requests, DELETE /requests.
 */

const faultBody = z.strictObject({
  service: z.enum(SERVICE_NAMES),
  fault: z.enum(FAULT_KINDS).nullable(),
  paths: z.array(z.string().startsWith('/')).min(1).optional(),
});
const advanceBody = z.strictObject({ seconds: z.number().nonnegative() });
const restartBody = z.strictObject({ scenario: z.unknown().optional() });

class BadRequest extends Error {}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw new BadRequest(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '),
  );
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (text === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new BadRequest('The body is not valid JSON'));
      }
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function route(control: SimulatorControl, req: IncomingMessage): Promise<unknown> {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  const key = `${req.method ?? 'GET'} ${path}`;
  switch (key) {
    case 'GET /state':
      return control.state();
    case 'GET /requests':
      return control.requests();
    case 'DELETE /requests':
      control.resetRequests();
      return { ok: true };
    case 'POST /fault': {
      const body = parse(faultBody, await readJson(req));
      await control.setFault(body.service, body.fault, body.paths);
      return { ok: true };
    }
    case 'POST /advance': {
      const body = parse(advanceBody, await readJson(req));
      await control.advance(body.seconds);
      return { ok: true };
    }
    case 'POST /restart': {
      const body = parse(restartBody, await readJson(req));
      await control.restart(
        body.scenario === undefined ? undefined : parseScenario(body.scenario, 'scenario in POST /restart'),
      );
      return { ok: true };
    }
    default:
      return null;
  }
}

export function createControlServer(control: SimulatorControl): Server {
  return createServer((req, res) => {
    route(control, req).then(
      (body) =>
        body === null
          ? send(res, 404, { error: `No control route ${req.method} ${req.url}` })
          : send(res, 200, body),
      (error: unknown) => {
        const expected =
          error instanceof BadRequest || error instanceof ScenarioError || error instanceof ControlError;
        send(res, expected ? 400 : 500, { error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
}
