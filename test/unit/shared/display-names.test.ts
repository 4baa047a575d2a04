import { describe, expect, it } from 'vitest';
import { displayNames, type NamedFile } from '../../../src-shared/domain/display-names.ts';

const file = (path: string, root?: string): NamedFile => ({
  path,
  name: path.split(/[\\/]/).pop() ?? path,
  ...(root ? { root } : {}),
});

describe('displayNames', () => {
  it('shows a name no other file shares as the name alone', () => {
    const files = [
      file('/shoot/a/IMG_0001.jpg', '/shoot'),
      file('/shoot/b/IMG_0002.jpg', '/shoot'),
    ];
    const nameOf = displayNames(files);
    expect(files.map(nameOf)).toEqual(['IMG_0001.jpg', 'IMG_0002.jpg']);
  });

  it('shows same-named files by their path under the dropped folder', () => {
    const files = [
      file('/home/me/shoot/day-1/IMG_0001.jpg', '/home/me/shoot'),
      file('/home/me/shoot/day-2/IMG_0001.jpg', '/home/me/shoot'),
      file('/home/me/shoot/day-2/IMG_0002.jpg', '/home/me/shoot'),
      file('/home/me/shoot/IMG_0001.jpg', '/home/me/shoot'),
    ];
    const nameOf = displayNames(files);
    expect(files.map(nameOf)).toEqual([
      'day-1/IMG_0001.jpg',
      'day-2/IMG_0001.jpg',
      'IMG_0002.jpg',
      'IMG_0001.jpg',
    ]);
  });

  it('keeps the separators of the path it was given (Windows)', () => {
    const files = [
      file('C:\\Photos\\shoot\\a\\x.png', 'C:\\Photos\\shoot'),
      file('C:\\Photos\\shoot\\b\\x.png', 'C:\\Photos\\shoot\\'),
    ];
    expect(files.map(displayNames(files))).toEqual(['a\\x.png', 'b\\x.png']);
  });

  it('falls back to the folder the files share when there is no dropped folder, or two alike', () => {
    const loose = [file('/tmp/one/cat.jpg'), file('/tmp/two/cat.jpg')];
    expect(loose.map(displayNames(loose))).toEqual(['one/cat.jpg', 'two/cat.jpg']);
    // Two dropped folders, each with the name at its top: the folder's own name tells them apart.
    const tops = [file('/p/shoot/cat.jpg', '/p/shoot'), file('/p/trip/cat.jpg', '/p/trip')];
    expect(tops.map(displayNames(tops))).toEqual(['shoot/cat.jpg', 'trip/cat.jpg']);
    const apart = [file('/cat.jpg'), file('/x/cat.jpg')];
    expect(apart.map(displayNames(apart))).toEqual(['/cat.jpg', '/x/cat.jpg']);
  });

  it('shows the same file listed twice (two batches) by its name', () => {
    const files = [file('/s/a/cat.jpg', '/s'), file('/s/a/cat.jpg', '/s')];
    expect(files.map(displayNames(files))).toEqual(['cat.jpg', 'cat.jpg']);
  });

  it('names ten thousand files quickly', () => {
    const files = Array.from({ length: 10_000 }, (_, i) =>
      file(`/s/d${Math.floor(i / 500)}/IMG_${String(i % 500).padStart(4, '0')}.jpg`, '/s'),
    );
    const started = performance.now();
    const nameOf = displayNames(files);
    files.forEach(nameOf);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(nameOf(files[0] as NamedFile)).toBe('d0/IMG_0000.jpg');
  });
});
