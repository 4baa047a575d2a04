import type { z } from 'zod';
import { accountContract } from './account.ts';
import { appContract } from './app.ts';
import { clipsContract } from './clips.ts';
import type { Handlers } from './common.ts';
import { diagnosticsContract } from './diagnostics.ts';
import { profilesContract } from './profiles.ts';
import type { eventContract } from './events.ts';
import type { IpcResult } from './result.ts';
import { settingsContract } from './settings.ts';
import { shellContract } from './shell.ts';
import { stagingContract } from './staging.ts';
import { importContract } from './video-import.ts';
import { videoContract } from './video.ts';
import { watermarkContract } from './watermark.ts';
import { watchesContract } from './watches.ts';

export * from './account.ts';
export * from './agent.ts';
export * from './app.ts';
export * from './clips.ts';
export * from './common.ts';
export * from './diagnostics.ts';
export * from './events.ts';
export * from './profiles.ts';
export * from './settings.ts';
export * from './shell.ts';
export * from './spending.ts';
export * from './staging.ts';
export * from './video-import.ts';
export * from './video.ts';
export * from './watermark.ts';
export * from './watches.ts';

/**
 * Each domain's contract, answered by one desk: a new channel is declared in its domain's
 * file and answered in that desk, and nothing else names it. `ipc-contract.test.ts` checks
 * no channel is declared by two domains (a spread would keep only the later one).
 */
export const coreContracts = {
  app: appContract,
  staging: stagingContract,
  watermark: watermarkContract,
  video: videoContract,
  import: importContract,
  settings: settingsContract,
  account: accountContract,
  diagnostics: diagnosticsContract,
  profiles: profilesContract,
  watches: watchesContract,
  clips: clipsContract,
} as const;

/** The channels the core answers; the shell answers `shellContract`. */
export const coreContract = {
  ...appContract,
  ...stagingContract,
  ...watermarkContract,
  ...videoContract,
  ...importContract,
  ...settingsContract,
  ...accountContract,
  ...diagnosticsContract,
  ...profilesContract,
  ...watchesContract,
  ...clipsContract,
};

/** Every invoke channel with the schema of what the renderer sends and what it gets back. */
export const invokeContract = { ...coreContract, ...shellContract };

export type InvokeChannel = keyof typeof invokeContract;
export type EventChannel = keyof typeof eventContract;

export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeContract)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.output<
  (typeof invokeContract)[C]['response']
>;
export type EventPayload<C extends EventChannel> = z.output<(typeof eventContract)[C]>;

/** What main implements for each invoke channel; the payload arrives already checked. */
export type InvokeHandlers = Handlers<typeof invokeContract>;

/** The object the preload exposes as `window.clearframe`, derived from the contract. */
export type ClearframeApi = {
  invoke<C extends InvokeChannel>(
    channel: C,
    ...request: InvokeRequest<C> extends undefined ? [] : [InvokeRequest<C>]
  ): Promise<IpcResult<InvokeResponse<C>>>;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
  pathForFile(file: unknown): string;
};
