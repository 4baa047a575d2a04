/** What one look at a file saw of it. */
export interface Seen {
  size: number;
  mtimeMs: number;
}

/**
 * Tells a file that has finished arriving from one still being written: it is taken only
 * when two checks in a row saw the same size and time of change. A copy paused for longer
 * than two checks would still pass this, so the watcher reads the whole image as well
 * before taking it (an empty file never reads, and is named once the patience has passed);
 * this only keeps it from decoding every file on every look while a large copy is under way.
 */
export class Arrivals {
  private readonly last = new Map<string, Seen>();

  /** Notes this check's look at `file`; true when it looks finished. */
  settled(file: string, seen: Seen): boolean {
    const before = this.last.get(file);
    this.last.set(file, seen);
    return before !== undefined && before.size === seen.size && before.mtimeMs === seen.mtimeMs;
  }

  /** Forgets a file: taken, gone, or to be looked at afresh. */
  forget(file: string): void {
    this.last.delete(file);
  }
}
