import type { EventChannel } from '../../../src-shared/ipc/channels.ts';
import type { EventPayload } from '../../../src-shared/ipc/contract.ts';

export type CoreListener = <C extends EventChannel>(channel: C, payload: EventPayload<C>) => void;

/** Where every desk announces what changed; the shell forwards it to the window. */
export class CoreEvents {
  private readonly listeners = new Set<CoreListener>();

  /** Receives every event, unbatched; the shell batches per window. */
  subscribe(listener: CoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void {
    for (const listener of this.listeners) listener(channel, payload);
  }

  clear(): void {
    this.listeners.clear();
  }
}
