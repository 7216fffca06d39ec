import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Every outgoing connection and name lookup of a Node process, written to a file as it happens: a module loaded
 * with `--import` before the app (through NODE_OPTIONS, so child processes are covered too). With it a test shows
 * what hosts a run contacted, whichever client (http, https, fetch, a raw socket) made the request.
 */

const RECORDER = `
import dns from 'node:dns';
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const file = process.env.SIGHTLINE_CONNECTION_LOG;
const record = (kind, target) => appendFileSync(file, kind + ' ' + target + '\\n');

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  // net.connect passes its normalized [options, callback] as the first argument.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first !== null && typeof first === 'object') {
    if (first.path) record('path', first.path);
    else record('tcp', (first.host ?? 'localhost') + ':' + first.port);
  } else if (typeof first === 'string' && !/^\\d+$/.test(first)) {
    record('path', first);
  } else {
    record('tcp', (typeof args[1] === 'string' ? args[1] : 'localhost') + ':' + first);
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function (hostname, ...rest) {
  record('dns', hostname);
  return lookup.call(this, hostname, ...rest);
};
`;

export interface ConnectionLog {
  /** Environment variables that load the recorder into a Node process started with them. */
  env: Record<string, string>;
  /** "tcp 127.0.0.1:4242", "dns example.com", "path /tmp/socket", in order. */
  read(): Promise<string[]>;
}

export async function connectionLog(dir: string): Promise<ConnectionLog> {
  const recorder = join(dir, 'connection-recorder.mjs');
  const file = join(dir, 'connections.log');
  await writeFile(recorder, RECORDER);
  await writeFile(file, '');
  return {
    env: { NODE_OPTIONS: `--import=${pathToFileURL(recorder).href}`, SIGHTLINE_CONNECTION_LOG: file },
    read: async () => (await readFile(file, 'utf8')).split('\n').filter(Boolean),
  };
}

/** A host of this machine: the simulators and the app's own host listen only there. */
export function isLoopbackTarget(entry: string): boolean {
  const [kind, target = ''] = entry.split(' ');
  if (kind === 'path') return true;
  const host = kind === 'dns' ? target : target.slice(0, target.lastIndexOf(':'));
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);
}
