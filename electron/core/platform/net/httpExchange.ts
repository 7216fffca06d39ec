import type { IncomingHttpHeaders } from 'node:http';

/** Every way a request can end, as a value: callers map these to what the user sees. */
export type HttpOutcome =
  | { kind: 'ok'; status: number; headers: IncomingHttpHeaders; body: unknown }
  | { kind: 'http-error'; status: number; headers: IncomingHttpHeaders; body: unknown; text: string }
  | { kind: 'refused' }
  | { kind: 'timeout' }
  | { kind: 'untrusted-certificate'; detail: string }
  | { kind: 'malformed'; detail: string }
  | { kind: 'network'; detail: string }
  | { kind: 'aborted' };

export interface HttpRequest {
  /** HEAD: headers only (sizes and versions asked before a download). */
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /**
   * json (default): the body is parsed JSON; text: the decoded text (HTML, XML, Markdown); bytes: a Buffer
   * (images). Failures carry the text either way.
   */
  responseType?: 'json' | 'text' | 'bytes';
  /** Sent as application/x-www-form-urlencoded (OAuth token requests); ignored when `json` is set. */
  form?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Whether sending it twice does what sending it once does. GET and HEAD are; a write that sets fields to
   * given values (the replay API's) says so. Only such a request goes again when a kept-alive socket was closed
   * under it.
   */
  idempotent?: boolean;
  /** Called when the response's head arrives, before its body is read (a rate limit's window runs from then). */
  onHead?: () => void;
}
