/**
 * The take a shot uses in the film: the round the user chose while it still has its clip,
 * else the newest round that has one; none when no round of the shot has a clip yet. Rounds
 * come in the shot's order.
 */
export function takeOf(
  chosen: string | null,
  rounds: ReadonlyArray<{ id: string; hasClip: boolean }>,
): string | null {
  if (rounds.some((round) => round.id === chosen && round.hasClip)) return chosen;
  return rounds.filter((round) => round.hasClip).at(-1)?.id ?? null;
}
