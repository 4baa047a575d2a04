/**
 * How files are named where several are listed together: by their path from the folder they
 * all share, so `a/IMG_0001.jpg` and `b/IMG_0001.jpg` (a folder with sub-folders dropped at
 * once) can be told apart, while files of one folder keep their bare names.
 */

/** A path's parts, whichever separator the system uses. */
function parts(file: string): string[] {
  return file.split(/[\\/]+/).filter((part) => part.length > 0);
}

/** Each path's shown name, keyed by the path: relative to the folders every path shares. */
export function shownNames(paths: readonly string[]): Map<string, string> {
  const split = paths.map(parts);
  const folders = split.map((segments) => segments.slice(0, -1));
  let shared = folders[0]?.length ?? 0;
  for (const folder of folders) {
    let k = 0;
    while (k < shared && k < folder.length && folder[k] === folders[0]?.[k]) k += 1;
    shared = k;
  }
  return new Map(paths.map((file, k) => [file, (split[k] ?? []).slice(shared).join('/')]));
}
