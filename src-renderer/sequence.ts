/**
 * Whether a view of a row should take the place of the one held. A snapshot and the events
 * sent while it was read cross on the way, so the order views arrive in says nothing; the
 * sequence number main gives each change of a row does. An equal one is not older, and the
 * view that came last is kept.
 */
export function supersedes(next: { seq: number }, held: { seq: number } | undefined): boolean {
  return held === undefined || held.seq <= next.seq;
}
