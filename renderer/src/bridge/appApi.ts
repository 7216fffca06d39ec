import type {
  ContractBridge,
  PushedState,
  RequestChannel,
  RequestInput,
  RequestOutput,
  StateMessage,
} from '@shared/contract';
import { AppRequestError } from '@shared/contract/errors';

/** What the whole renderer depends on: typed requests and the pushed state stream, whatever the transport. */
export interface AppApi {
  request<C extends RequestChannel>(channel: C, input: RequestInput<C>): Promise<RequestOutput<C>>;
  onState(listener: (message: StateMessage<PushedState>) => void): () => void;
  resync(): void;
}

export function createAppApi(bridge: ContractBridge): AppApi {
  return {
    async request(channel, input) {
      const result = await bridge.request(channel, input);
      if (!result.ok) throw new AppRequestError(result.error);
      return result.value as RequestOutput<typeof channel>;
    },
    onState: (listener) => bridge.onState(listener),
    resync: () => bridge.resync(),
  };
}
