import { describe, expect, it } from 'vitest';
import { createDevServerRequestHandler } from './devServerRequests';
import { pagesOriginFor } from './pagesOrigin';

function handler() {
  const fromApp: Request[] = [];
  const passedOn: Request[] = [];
  const pages = pagesOriginFor({ packaged: false, devServerUrl: 'http://localhost:5173' });
  const handle = createDevServerRequestHandler(
    pages,
    async (request) => {
      fromApp.push(request);
      return new Response('image');
    },
    async (request) => {
      passedOn.push(request);
      return new Response('module');
    },
  );
  return { handle, fromApp, passedOn };
}

describe('createDevServerRequestHandler', () => {
  it('answers the dev server’s image and download paths from the app’s protocol, method and headers kept', async () => {
    const { handle, fromApp, passedOn } = handler();
    const image = await handle(
      new Request('http://localhost:5173/static-data/arena/img/Ahri.png', { headers: { accept: 'image/*' } }),
    );
    expect(await image.text()).toBe('image');
    await handle(new Request('http://localhost:5173/download/abc', { method: 'HEAD' }));
    expect(fromApp.map((request) => [request.method, request.url])).toEqual([
      ['GET', 'app://sightline/static-data/arena/img/Ahri.png'],
      ['HEAD', 'app://sightline/download/abc'],
    ]);
    expect(fromApp[0]?.headers.get('accept')).toBe('image/*');
    expect(passedOn).toEqual([]);
  });

  it('passes every other request on as it came: the dev server’s modules, the browser host', async () => {
    const { handle, fromApp, passedOn } = handler();
    const module = new Request('http://localhost:5173/src/main.tsx');
    const preview = new Request('http://127.0.0.1:43210/static-data/arena/img/Ahri.png?token=t');
    expect(await (await handle(module)).text()).toBe('module');
    await handle(preview);
    expect(passedOn).toEqual([module, preview]);
    expect(fromApp).toEqual([]);
  });
});
