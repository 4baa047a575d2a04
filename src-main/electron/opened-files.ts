import path from 'node:path';

/**
 * The files and folders opened with Clearframe, kept until the window takes them: a file
 * opened at launch (or, on macOS, before the app is ready) arrives before any window exists.
 */
export class OpenedFiles {
  private pending: string[] = [];
  private readonly listeners = new Set<(count: number) => void>();

  /** Queues paths (each once) and tells whoever follows; returns how many were new. */
  add(paths: readonly string[]): number {
    const fresh = [...new Set(paths)].filter((file) => !this.pending.includes(file));
    if (fresh.length === 0) return 0;
    this.pending.push(...fresh);
    for (const listener of this.listeners) listener(this.pending.length);
    return fresh.length;
  }

  /** Everything queued, handed over once. */
  take(): string[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  onAdded(listener: (count: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * The paths in a launch's command line. The first argument is the executable; switches
 * (Chromium's own, added to a second instance's line, or a debugger's) are not paths; and,
 * when not packaged, the first path is the app's folder, as in `electron .`, wherever the
 * switches put it. Relative paths are the launching shell's, resolved against its folder.
 */
export function pathsFromArgv(
  argv: readonly string[],
  workingDirectory: string,
  isPackaged: boolean,
): string[] {
  const positionals = argv.slice(1).filter((arg) => arg !== '' && !arg.startsWith('-'));
  return positionals.slice(isPackaged ? 0 : 1).map((arg) => path.resolve(workingDirectory, arg));
}

/** The app's events that open files: Electron's `app`, or a stand-in in tests. */
export interface OpeningApp {
  on(
    event: 'second-instance',
    listener: (event: unknown, argv: string[], workingDirectory: string) => void,
  ): unknown;
  on(
    event: 'open-file',
    listener: (event: { preventDefault(): void }, file: string) => void,
  ): unknown;
}

/**
 * Where opened files come in: a second launch's arguments (Windows and Linux start the
 * program again, and the single-instance lock sends its command line here) and macOS's
 * `open-file`, which can come before the app is ready, so this is wired first. Each brings
 * the window forward.
 */
export function followOpenRequests(
  app: OpeningApp,
  opened: OpenedFiles,
  options: { isPackaged: boolean; bringForward: () => void },
): void {
  app.on('second-instance', (_event, argv, workingDirectory) => {
    opened.add(pathsFromArgv(argv, workingDirectory, options.isPackaged));
    options.bringForward();
  });
  app.on('open-file', (event, file) => {
    event.preventDefault();
    opened.add([file]);
    options.bringForward();
  });
}

/** Tells the window each time files were opened; it takes them with `app:takeOpened`. */
export function followOpenedFiles(
  opened: OpenedFiles,
  window: {
    isDestroyed(): boolean;
    webContents: { send(channel: string, payload: unknown): void };
  },
): () => void {
  return opened.onAdded((count) => {
    if (!window.isDestroyed()) window.webContents.send('app:opened', { count });
  });
}
