import type { EventChannel, InvokeChannel } from '../../src-shared/ipc/channels.ts';
import type { ClearframeApi } from '../../src-shared/ipc/contract.ts';
import { fail, type IpcResult } from '../../src-shared/ipc/result.ts';

/** The part of Electron's `ipcRenderer` the bridge needs; a stand-in can take its place. */
export interface IpcRendererLike {
  invoke(channel: string, payload?: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

/**
 * The declared channels' names. The preload is given them as plain lists (written into it
 * when it is built, see electron.vite.config.ts) so that it carries no schema and no zod.
 */
export interface ChannelNames {
  invoke: readonly string[];
  event: readonly string[];
}

/**
 * Builds `window.clearframe`. Only declared channels pass, and the IPC event object never
 * reaches page code, because it carries `sender`, through which a page could reach IPC freely.
 */
export function createBridge(
  ipc: IpcRendererLike,
  getPathForFile: (file: unknown) => string,
  names: ChannelNames,
): ClearframeApi {
  const invokes = new Set(names.invoke);
  const events = new Set(names.event);
  const isInvokeChannel = (name: unknown): name is InvokeChannel =>
    typeof name === 'string' && invokes.has(name);
  const isEventChannel = (name: unknown): name is EventChannel =>
    typeof name === 'string' && events.has(name);
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
