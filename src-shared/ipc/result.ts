/**
 * Errors cross the IPC boundary as values, never as thrown exceptions: Electron flattens
 * thrown errors into an opaque string, and the renderer needs the code to decide what to show.
 */
export interface IpcError {
  /** Stable machine-readable reason, such as `invalid-payload` or `unknown-channel`. */
  code: string;
  /** One sentence for the user that says what to do. */
  message: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function fail(code: string, message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}
