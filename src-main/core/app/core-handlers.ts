import type { InvokeHandlers } from '../../../src-shared/ipc/contract.ts';

/** Channels only the shell can answer: the system browser, file manager, dialogs, updater. */
export type ShellChannel =
  | 'app:takeOpened'
  | 'video:exportProject'
  | 'video:chooseImage'
  | 'video:joinProject'
  | 'video:exportSpending'
  | 'mask:import'
  | 'mask:export'
  | 'shell:openExternal'
  | 'shell:reveal'
  | 'shell:openLogsFolder'
  | 'dialog:chooseFolder'
  | 'media:chooseFolders'
  | 'updates:check';

/** Handlers the core answers; the shell adds its own for the rest. */
export type CoreHandlers = Omit<InvokeHandlers, ShellChannel>;
