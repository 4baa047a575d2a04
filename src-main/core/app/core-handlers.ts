import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { coreContract } from '../../../src-shared/ipc/contract.ts';

/**
 * Handlers the core answers: one desk per domain contract, merged in `app-core.ts`. The shell
 * answers `shellContract` (src-main/electron/shell-handlers.ts).
 */
export type CoreHandlers = Handlers<typeof coreContract>;
