import { createServer } from 'node:net';
import { ENVIRONMENT_VARIABLES } from '@shared/environment/environmentVariables';
import { errorCode } from '../platform/fs/errorCode';

/** The browser host's port is held by another program: what to do about it, in one line. */
export class HostPortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `port ${port} on 127.0.0.1 is in use by another program: stop it, or choose another port with ` +
        ENVIRONMENT_VARIABLES.hostPort,
    );
    this.name = 'HostPortInUseError';
  }
}

/** A failed listen on `port` as HostPortInUseError when the port was taken; any other error as it came. */
export function hostListenError(error: unknown, port: number): unknown {
  return errorCode(error) === 'EADDRINUSE' ? new HostPortInUseError(port) : error;
}

/**
 * Rejects with HostPortInUseError when the port cannot be listened on now (0, any free port, always can): the
 * CLI asks before the slow start of everything else, so a taken port is said within a second.
 */
export async function checkHostPortFree(port: number): Promise<void> {
  if (port === 0) return;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(hostListenError(error, port)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
