import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/core/transport/host/securityHeaders';
import { startRendererDevServer, type RendererDevServer } from '../devServer/rendererDevServer';

// `npm run dev`: electron-vite's dev server for the renderer, as its config makes it.
let server: RendererDevServer | null = null;
let origin = '';

beforeAll(async () => {
  server = await startRendererDevServer();
  origin = server.origin;
}, 60_000);

afterAll(() => server?.close());

/** A page as a window loads it. */
async function page(path: string): Promise<string> {
  const response = await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } });
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** The page's meta policy, directive by directive. */
function policyOf(html: string): Map<string, string> {
  const policy = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('the dev server of npm run dev', () => {
  it('answers an overlay route with overlay.html naming its feature’s entry, and the companion’s routes with index.html', async () => {
    for (const [path, entry] of [
      ['/overlay/status', '/src/overlayEntries/status.ts'],
      ['/overlay/arena', '/src/overlayEntries/live.ts'],
      ['/overlay/deck-tracker', '/src/overlayEntries/card.ts'],
    ] as const) {
      const overlay = await page(path);
      expect(title(overlay), path).toBe('Sightline overlay');
      const entries = [...overlay.matchAll(/src="(\/src\/[^"]+)"/g)].map((match) => match[1]);
      expect(entries, path).toEqual([entry]);
    }
    // A mistyped route draws nothing: its page names no entry.
    expect(await page('/overlay/nope')).not.toContain('/src/overlayEntries/');
    for (const path of ['/', '/history', '/panel/caster']) {
      const companion = await page(path);
      expect(title(companion), path).toBe('Sightline');
      expect(companion).toContain('src="/src/main.tsx"');
    }
  });

  it('lets hot reload past the pages’ policy: React’s inline preamble by the nonce, the websocket on loopback', async () => {
    for (const html of [await page('/overlay/arena'), await page('/')]) {
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
      expect(nonce).toMatch(/^[\w-]{24}$/);
      const policy = policyOf(html);
      expect(policy.get('script-src')).toBe(`'self' 'nonce-${nonce}'`);
      expect(policy.get('connect-src')).toBe("'self' ws://localhost:* ws://127.0.0.1:*");
      // The preamble is inline, and every script carries the nonce.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(html).toMatch(/<script type="module"[^>]*>[^<]*@react-refresh/);
      expect(scripts.length).toBeGreaterThan(1);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
      // Nothing else is relaxed: the other directives are the app's.
      const strict = new Map(
        CONTENT_SECURITY_POLICY.split('; ').map((part) => [
          part.split(' ')[0],
          part.slice(part.indexOf(' ') + 1),
        ]),
      );
      for (const [name, value] of policy) {
        if (name !== 'script-src' && name !== 'connect-src') expect(value, name).toBe(strict.get(name));
      }
    }
  });

  it('serves the pages’ modules, transformed, and Vite’s client', async () => {
    const entry = await fetch(`${origin}/src/overlayEntries/live.ts`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    expect(await entry.text()).toMatch(/^import /m);
    const client = await fetch(`${origin}/@vite/client`);
    expect(client.status).toBe(200);
  });
});
