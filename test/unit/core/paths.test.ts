import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../../src-main/core/paths.ts';

describe('dataPaths', () => {
  it('keeps every file inside the user data folder', () => {
    const paths = dataPaths('/home/ada/.config/Clearframe/');
    expect(paths.root).toBe(path.resolve('/home/ada/.config/Clearframe'));
    for (const file of [paths.settingsFile, paths.database, paths.logsDir, paths.thumbnailsDir]) {
      expect(path.dirname(file)).toBe(paths.root);
    }
  });

  it('names every sub-folder the data folder holds, where earlier versions put them', () => {
    const paths = dataPaths('/data');
    const names = [
      paths.masksDir,
      paths.estimatesDir,
      paths.downloadsDir,
      paths.previewsDir,
      paths.pastedDir,
      paths.urlImagesDir,
    ].map((dir) => path.relative(paths.root, dir));
    expect(names).toEqual(['masks', 'estimates', 'downloads', 'previews', 'pasted', 'url-images']);
  });
});
