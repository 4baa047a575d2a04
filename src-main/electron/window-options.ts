import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_BOUNDS: WindowBounds = { width: 1280, height: 820 };

/** The main window is a sandboxed web page; everything privileged goes through the preload. */
export function mainWindowOptions(
  preloadPath: string,
  bounds: WindowBounds = DEFAULT_WINDOW_BOUNDS,
): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Clearframe',
    backgroundColor: '#16181d',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
