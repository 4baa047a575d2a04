/**
 * How a file is named wherever a list, a title or a line names it. A name alone is enough
 * until two files share it (photos from two cameras, `IMG_0001.jpg` in two subfolders); then
 * each is shown by its path under the folder it was dropped or chosen as part of
 * (`day-1/IMG_0001.jpg`), so the rows tell them apart without a tooltip.
 */

/** A file as the screens and the command line know it. */
export interface NamedFile {
  name: string;
  path: string;
  /** The dropped or chosen folder the file was found in; absent for a file given by itself. */
  root?: string | null | undefined;
}

const SEPARATOR = /[\\/]/;

/** The folders of `file` from the top, without its own name: `/a/b/c.jpg` gives `/a`, `/a/b`. */
function folderEnds(file: string): number[] {
  const ends: number[] = [];
  for (let at = 0; at < file.length; at += 1) if (SEPARATOR.test(file[at] ?? '')) ends.push(at);
  return ends;
}

/** `file`'s path below `folder`, as written in `file` (its own separators), or null outside it. */
function below(file: string, folder: string): string | null {
  const top = folder.replace(/[\\/]+$/, '');
  if (top === '' || !file.startsWith(top) || !SEPARATOR.test(file[top.length] ?? '')) return null;
  return file.slice(top.length + 1);
}

/** The path of each file below the deepest folder they all share: always tells them apart. */
function belowShared(paths: readonly string[]): string[] {
  const [first = ''] = paths;
  let shared = '';
  for (const end of folderEnds(first)) {
    const folder = first.slice(0, end);
    if (folder === '') continue;
    if (paths.every((other) => below(other, folder) !== null)) shared = folder;
    else break;
  }
  return paths.map((file) => (shared ? (below(file, shared) ?? file) : file));
}

/**
 * The name to show for each of `files`, as a function of one of them. Files whose name no
 * other of `files` shares are shown by their name; the others by their path under their
 * dropped folder, or, where that leaves two alike (two dropped folders each with the name
 * at the top) or there is no dropped folder, by their path under the folder they all share.
 * Build it once per list: it is linear in the list's length.
 */
export function displayNames(files: readonly NamedFile[]): (file: NamedFile) => string {
  const byName = new Map<string, NamedFile[]>();
  for (const file of files) {
    const group = byName.get(file.name);
    if (group) group.push(file);
    else byName.set(file.name, [file]);
  }
  const shown = new Map<string, string>();
  for (const group of byName.values()) {
    const paths = [...new Set(group.map((file) => file.path))];
    if (paths.length < 2) continue;
    const underRoots = group.map((file) => (file.root ? below(file.path, file.root) : null));
    const distinct = new Set(underRoots).size === paths.length && !underRoots.includes(null);
    const names = distinct ? underRoots : belowShared(paths);
    const keys = distinct ? group.map((file) => file.path) : paths;
    keys.forEach((key, index) => shown.set(key, names[index] ?? ''));
  }
  return (file) => shown.get(file.path) || file.name;
}

/** `displayNames` for bare paths (the command line's inputs), each with its dropped folder. */
export function pathNames(
  paths: readonly string[],
  rootOf: (file: string) => string | undefined,
): (file: string) => string {
  const fileOf = (file: string): NamedFile => ({
    name: file.split(SEPARATOR).pop() ?? file,
    path: file,
    root: rootOf(file),
  });
  const nameOf = displayNames(paths.map(fileOf));
  return (file) => nameOf(fileOf(file));
}
