import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * Frames a well-behaved WebSocket client never sends, one per way the ws library can refuse a frame: what an
 * attacker (or a broken tool) holding a token can put on the wire after the handshake.
 */
export const MALFORMED_FRAMES: Record<string, Buffer> = {
  'an unmasked frame': Buffer.concat([Buffer.from([0x81, 0x05]), Buffer.from('hello')]),
  'an unknown opcode': maskedFrame(0x80 | 0x03, Buffer.from('x')),
  'RSV1 set without a negotiated extension': maskedFrame(0x80 | 0x40 | 0x01, Buffer.from('x')),
  'invalid UTF-8 in a text frame': maskedFrame(0x80 | 0x01, Buffer.from([0xc3, 0x28])),
  'a message over the 1 MiB cap': maskedHeader(0x80 | 0x02, 1024 * 1024 + 1),
  'a 2^40 length claim': maskedHeader(0x80 | 0x02, 2 ** 40),
  'a fragmented control frame': maskedFrame(0x09, Buffer.alloc(0)),
};

function maskedFrame(first: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)));
  return Buffer.concat([Buffer.from([first, 0x80 | payload.length]), mask, masked]);
}

/** A header with a 64-bit length and its mask key, and no payload: the length alone must be refused. */
function maskedHeader(first: number, length: number): Buffer {
  const header = Buffer.alloc(10);
  header[0] = first;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return Buffer.concat([header, randomBytes(4)]);
}

/**
 * Opens a raw TCP connection and completes a WebSocket handshake to `path` by hand: a client that reads and
 * writes exactly what a test says (a malformed frame, or nothing at all). Resolves with the socket paused;
 * rejects when the host refuses.
 */
export function openRawWebSocket(port: number, path: string, origin?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const onData = (data: Buffer): void => {
      received = Buffer.concat([received, data]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      socket.off('close', onClose);
      const head = received.subarray(0, end).toString('latin1');
      if (!head.startsWith('HTTP/1.1 101')) {
        socket.destroy();
        return reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
      }
      // Handed over paused, with the first frames that came with the answer put back: the caller reads or not.
      socket.pause();
      const frames = received.subarray(end + 4);
      if (frames.length > 0) socket.unshift(frames);
      resolve(socket);
    };
    const onClose = (): void => reject(new Error('closed before the handshake'));
    socket.on('connect', () => {
      socket.write(
        [
          `GET ${path} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          ...(origin ? [`Origin: ${origin}`] : []),
          '',
          '',
        ].join('\r\n'),
      );
    });
    socket.on('data', onData);
    socket.on('error', () => undefined); // a reset is one way of being closed
    socket.on('close', onClose);
  });
}

/** Sends `frame` after a hand-made handshake and resolves once the server has closed the connection. */
export async function sendRawFrame(
  port: number,
  path: string,
  frame: Buffer,
  origin?: string,
): Promise<void> {
  const socket = await openRawWebSocket(port, path, origin);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept a connection that sent a malformed frame'));
    }, 5000);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.resume(); // whatever the server says before closing (a close frame) is read and dropped
    socket.write(frame);
  });
}
