import {
  eventChannelNames,
  isInvokeChannel,
  type EventChannel,
  type InvokeChannel,
} from '../../src-shared/ipc/channels.ts';
import type { ClearframeApi } from '../../src-shared/ipc/contract.ts';
import { fail, type IpcResult } from '../../src-shared/ipc/result.ts';

/** The part of Electron's `ipcRenderer` the bridge needs; a stand-in can take its place. */
export interface IpcRendererLike {
  invoke(channel: string, payload?: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && (eventChannelNames as readonly string[]).includes(name);
}

/**
 * Builds `window.clearframe`. Only declared channels pass, and the IPC event object never
 * reaches page code, because it carries `sender`, through which a page could reach IPC freely.
 */
export function createBridge(
  ipc: IpcRendererLike,
  getPathForFile: (file: unknown) => string,
): ClearframeApi {
  return {
    invoke(channel: InvokeChannel, ...request: unknown[]) {
      if (!isInvokeChannel(channel)) {
        return Promise.resolve(
          fail('unknown-channel', `There is no channel named ${String(channel)}.`),
        );
      }
      return ipc.invoke(channel, request[0]) as Promise<IpcResult<never>>;
    },
    on(channel, listener) {
      if (!isEventChannel(channel)) {
        throw new Error(`There is no event channel named ${String(channel)}.`);
      }
      const forward = (_event: unknown, payload: unknown) => {
        (listener as (payload: unknown) => void)(payload);
      };
      ipc.on(channel, forward);
      return () => {
        ipc.removeListener(channel, forward);
      };
    },
    pathForFile(file) {
      return getPathForFile(file);
    },
  };
}
