import os from 'node:os';
import path from 'node:path';

/** Where Clearframe keeps its files inside the per-user data folder the host gives it. */
export interface DataPaths {
  root: string;
  settingsFile: string;
  database: string;
  logsDir: string;
  thumbnailsDir: string;
  /** Masks drawn or imported, by the hash of their strokes (`MaskStore`). */
  masksDir: string;
  /** Measurements of a blended mark, for jobs cleaned on this computer (`EstimateStore`). */
  estimatesDir: string;
  /** Watermark profiles: measured marks saved under a name (`ProfileStore`). */
  profilesDir: string;
  /** Results being fetched, one folder per job, swept after a crash. */
  downloadsDir: string;
  /** Previews of staged images made on this computer. */
  previewsDir: string;
  /** Images pasted into the window, one folder each. */
  pastedDir: string;
  /** Local copies of images given by address, one folder each. */
  urlImagesDir: string;
  /** Segments of clips being cleaned, one folder per clip (`ClipSegments`). */
  clipSegmentsDir: string;
}

export function dataPaths(userDataDir: string): DataPaths {
  const root = path.resolve(userDataDir);
  return {
    root,
    settingsFile: path.join(root, 'settings.json'),
    database: path.join(root, 'clearframe.sqlite'),
    logsDir: path.join(root, 'logs'),
    thumbnailsDir: path.join(root, 'thumbnails'),
    masksDir: path.join(root, 'masks'),
    estimatesDir: path.join(root, 'estimates'),
    profilesDir: path.join(root, 'profiles'),
    downloadsDir: path.join(root, 'downloads'),
    previewsDir: path.join(root, 'previews'),
    pastedDir: path.join(root, 'pasted'),
    urlImagesDir: path.join(root, 'url-images'),
    clipSegmentsDir: path.join(root, 'clip-segments'),
  };
}

/**
 * The per-user data folder, the same one Electron's `app.getPath('userData')` gives the app,
 * so the command line and the app share settings and the job database.
 */
export function defaultUserDataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  if (env['CLEARFRAME_DATA_DIR']) return env['CLEARFRAME_DATA_DIR'];
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Clearframe');
  if (platform === 'win32')
    return path.join(env['APPDATA'] ?? path.join(home, 'AppData', 'Roaming'), 'Clearframe');
  return path.join(env['XDG_CONFIG_HOME'] ?? path.join(home, '.config'), 'Clearframe');
}

/** Where finished video rounds go when the settings name no output folder. */
export function defaultVideoOutputDir(
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  return path.join(home, platform === 'darwin' ? 'Movies' : 'Videos', 'Clearframe');
}

/** Where results of images given by URL go when the settings name no output folder. */
export function defaultImageOutputDir(home: string = os.homedir()): string {
  return path.join(home, 'Pictures', 'Clearframe');
}
