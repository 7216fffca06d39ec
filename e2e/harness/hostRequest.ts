import type { Page } from '@playwright/test';
import type { Result } from '../../shared/contract';

/**
 * One request straight over the host's WebSocket, as any page holding the token could send it: no UI,
 * no click. The page must already be on the app's origin.
 */
export async function hostRequest(page: Page, channel: string, input: unknown): Promise<Result<unknown>> {
  return page.evaluate(
    ({ channel, input }) =>
      new Promise<Result<unknown>>((resolve, reject) => {
        const token = new URLSearchParams(window.location.search).get('token') ?? '';
        const ws = new WebSocket(`ws://${window.location.host}/ws?token=${encodeURIComponent(token)}`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'request', id: 1, channel, input }));
        ws.onmessage = (event: MessageEvent<string>) => {
          const frame = JSON.parse(event.data) as { type: string; id?: number; result?: Result<unknown> };
          if (frame.type === 'response' && frame.id === 1 && frame.result) {
            ws.close();
            resolve(frame.result);
          }
        };
        ws.onerror = () => reject(new Error('could not reach the host'));
      }),
    { channel, input },
  );
}
