import { access, readdir, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../../../shell/protocol/appProtocol';
import { downloadResponse } from './downloadRoute';
import { createDownloadShelf, DOWNLOAD_PATH_PREFIX, type DownloadShelf } from './downloadShelf';
import { get, send } from '../../tools/testkit/host/hostClients';
import { startTestHost, TEST_TOKENS, type TestHost } from '../../tools/testkit/host/testHost';

const FILE = { fileName: 'sightline-card-history-2025-05-11.csv', mimeType: 'text/csv;charset=utf-8' };
const CONTENT = '\uFEFFid,result\r\n1,win\r\n';

let shelf: DownloadShelf;
let test: TestHost;

/** Offers CONTENT; the URL path, and where the file is on disk. */
async function offer(): Promise<{ path: string; file: string }> {
  let file = '';
  const path = await shelf.offer(FILE, async (written) => {
    file = written;
    await writeFile(written, CONTENT, { flag: 'wx' });
  });
  return { path, file };
}

const fileExists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

beforeEach(async () => {
  shelf = createDownloadShelf();
  test = await startTestHost({ downloads: shelf });
});
afterEach(async () => {
  await test.close();
  await shelf.close();
});

describe('the browser host’s download route', () => {
  it('sends an offered file once, as an attachment never cached, to the companion link, then deletes it', async () => {
    const { path, file } = await offer();
    expect(path).toMatch(new RegExp(`^${DOWNLOAD_PATH_PREFIX}[A-Za-z0-9_-]{32}$`));
    const first = await get(test.host.port, `${path}?token=${TEST_TOKENS.companion}`);
    expect(first.status).toBe(200);
    expect(first.body).toBe(CONTENT);
    expect(first.headers).toMatchObject({
      'content-type': 'text/csv;charset=utf-8',
      'content-disposition': `attachment; filename="${FILE.fileName}"; filename*=UTF-8''${FILE.fileName}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-length': String(Buffer.byteLength(CONTENT)),
    });
    const again = await get(test.host.port, `${path}?token=${TEST_TOKENS.companion}`);
    expect(again.status).toBe(404);
    // Deleted once the response is sent, which the client may see complete a moment before.
    await expect.poll(() => fileExists(file)).toBe(false);
  });

  it('refuses an overlay link, no token and a foreign page, without spending the download', async () => {
    const { path } = await offer();
    expect((await get(test.host.port, `${path}?token=${TEST_TOKENS.overlay}`)).status).toBe(403);
    expect((await get(test.host.port, path)).status).toBe(403);
    expect((await get(test.host.port, `${path}?token=wrong-token-0123456789abcdef`)).status).toBe(403);
    const foreign = await get(test.host.port, `${path}?token=${TEST_TOKENS.companion}`, {
      origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
    const rebound = await get(test.host.port, `${path}?token=${TEST_TOKENS.companion}`, {
      host: 'evil.example',
    });
    expect(rebound.status).toBe(421);
    for (const method of ['HEAD', 'POST']) {
      const answer = await send(test.host.port, {
        method,
        path: `${path}?token=${TEST_TOKENS.companion}`,
        headers: { host: `127.0.0.1:${test.host.port}` },
      });
      expect(answer.status).toBe(405);
    }
    const companion = await get(test.host.port, `${path}?token=${TEST_TOKENS.companion}`);
    expect(companion.status).toBe(200);
    expect(companion.body).toBe(CONTENT);
  });

  it('answers 404 for an id it never offered', async () => {
    await offer();
    const answer = await get(
      test.host.port,
      `${DOWNLOAD_PATH_PREFIX}${'A'.repeat(32)}?token=${TEST_TOKENS.companion}`,
    );
    expect(answer.status).toBe(404);
  });
});

describe('the download shelf', () => {
  it('deletes a file nobody downloaded once its time is up', async () => {
    const short = createDownloadShelf({ ttlMs: 20 });
    let written = '';
    const path = await short.offer(FILE, async (file) => {
      written = file;
      await writeFile(file, CONTENT);
    });
    expect(await fileExists(written)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(short.take(path)).toBeNull();
    expect(await fileExists(written)).toBe(false);
    await short.close();
  });

  it('offers nothing, and keeps no file, when the writer fails', async () => {
    let written = '';
    await expect(
      shelf.offer(FILE, async (file) => {
        written = file;
        await writeFile(file, 'half a file');
        throw new Error('the history database failed');
      }),
    ).rejects.toThrow('the history database failed');
    expect(await fileExists(written)).toBe(false);
  });

  it('deletes its folder, and what waits in it, on close', async () => {
    let written = '';
    await shelf.offer(FILE, async (file) => {
      written = file;
      await writeFile(file, CONTENT);
    });
    await shelf.close();
    expect(await fileExists(written)).toBe(false);
    await expect(readdir(written.replace(/[/\\][^/\\]+$/, ''))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the desktop app’s download (app://)', () => {
  it('serves the same file once through the core’s route, in fetch types', async () => {
    const handler = createAppProtocolHandler({ rendererDir: test.rendererDir, downloads: () => shelf });
    const { path, file } = await offer();
    const url = `app://sightline${path}`;
    expect((await handler(new Request(url, { method: 'POST' }))).status).toBe(405);
    const first = await handler(new Request(url));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toBe(
      `attachment; filename="${FILE.fileName}"; filename*=UTF-8''${FILE.fileName}`,
    );
    expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(CONTENT)));
    expect(Buffer.from(await first.arrayBuffer()).toString('utf8')).toBe(CONTENT);
    expect((await handler(new Request(url))).status).toBe(404);
    await expect.poll(() => fileExists(file)).toBe(false);
  });

  it('answers 404 before the core runs', async () => {
    const handler = createAppProtocolHandler({ rendererDir: test.rendererDir, downloads: () => null });
    expect((await handler(new Request(`app://sightline${DOWNLOAD_PATH_PREFIX}abc`))).status).toBe(404);
    expect((await downloadResponse(null, `${DOWNLOAD_PATH_PREFIX}abc`, 'GET')).status).toBe(404);
  });
});
