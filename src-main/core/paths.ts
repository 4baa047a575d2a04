import path from 'node:path';

/** Where Clearframe keeps its files inside the per-user data folder the host gives it. */
export interface DataPaths {
  root: string;
  settingsFile: string;
  database: string;
  logsDir: string;
  thumbnailsDir: string;
}

export function dataPaths(userDataDir: string): DataPaths {
  const root = path.resolve(userDataDir);
  return {
    root,
    settingsFile: path.join(root, 'settings.json'),
    database: path.join(root, 'clearframe.sqlite'),
    logsDir: path.join(root, 'logs'),
    thumbnailsDir: path.join(root, 'thumbnails'),
  };
}
