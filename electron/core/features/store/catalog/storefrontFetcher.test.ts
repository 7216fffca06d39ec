import { describe, expect, it } from 'vitest';
import type { HttpOutcome } from '../../../platform/net/httpExchange';
import { realScheduler } from '../../../platform/polling/poller';
import { createScriptedHttpClient } from '../../../tools/testkit/scriptedHttpClient';
import { createStorefrontFetcher, describeStorefrontFailure } from './storefrontFetcher';

const redirect = (location: string, status = 301): HttpOutcome => ({
  kind: 'http-error',
  status,
  headers: { location },
  body: null,
  text: '',
});
const page = (text: string): HttpOutcome => ({ kind: 'ok', status: 200, headers: {}, body: text });

describe('storefront fetcher', () => {
  it('follows a redirect within the store and asks for text', async () => {
    const { client, requests } = createScriptedHttpClient((path) =>
      path === '/policies/refund-policy'
        ? redirect('/en-us/policies/refund-policy')
        : page('<h1>Refunds</h1>'),
    );
    const fetcher = createStorefrontFetcher({ http: client, scheduler: realScheduler });
    const result = await fetcher.getText(new URL('https://shop.example/policies/refund-policy'));
    expect(result).toMatchObject({
      ok: true,
      value: '<h1>Refunds</h1>',
      url: 'https://shop.example/en-us/policies/refund-policy',
    });
    expect(requests.map((request) => request.responseType)).toEqual(['text', 'text']);
  });

  it('never follows a redirect to another origin', async () => {
    for (const location of [
      'https://login.example/account',
      'http://shop.example/agents.md',
      '//evil.example/agents.md',
    ]) {
      const { client, requests } = createScriptedHttpClient(() => redirect(location, 302));
      const fetcher = createStorefrontFetcher({ http: client, scheduler: realScheduler });
      const result = await fetcher.getText(new URL('https://shop.example/agents.md'));
      expect(result, location).toMatchObject({ ok: false, failure: { kind: 'redirected-away', location } });
      expect(requests).toHaveLength(1);
    }
    expect(
      describeStorefrontFailure({ kind: 'redirected-away', location: 'https://login.example/account?x=1' }),
    ).toBe('The store redirected to another site (https://login.example); Sightline does not follow that.');
  });

  it('stops after a few redirects and reports other failures as values', async () => {
    let hop = 0;
    const loop = createScriptedHttpClient(() => redirect(`/hop-${(hop += 1)}`));
    const fetcher = createStorefrontFetcher({ http: loop.client, scheduler: realScheduler });
    expect(await fetcher.getJson(new URL('https://shop.example/products.json'))).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', detail: 'too many redirects' },
    });
    const down = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const result = await createStorefrontFetcher({ http: down.client, scheduler: realScheduler }).getJson(
      new URL('https://shop.example/products.json'),
    );
    expect(result.ok ? null : describeStorefrontFailure(result.failure)).toBe(
      'The store did not answer: connection refused.',
    );
  });
});
