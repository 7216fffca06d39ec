import type { RequestChannel, RequestInput, RequestOutput } from '@shared/contract';

// Engineer A's module (branch h25a) replaces this file at merge; only its interface is used here.

export interface RunningInstance {
  pid: number;
  kind: 'app' | 'serve';
  since: string;
  origin: string;
}

export interface RemoteCore {
  instance: RunningInstance;
  request<C extends RequestChannel>(
    channel: C,
    input: RequestInput<C>,
    signal?: AbortSignal,
  ): Promise<RequestOutput<C>>;
  close(): void;
}

export async function connectToRunningSightline(
  _dataDir: string,
  _env: NodeJS.ProcessEnv,
): Promise<RemoteCore | null> {
  return null;
}
