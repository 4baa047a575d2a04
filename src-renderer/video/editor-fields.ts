/** Which field a rule's complaint belongs next to: `prompt`, `slot-N`, or an option's name. */
export function fieldOf(param: string, slots: Map<number, number>): string {
  const item = /^content\[(\d+)\]/.exec(param);
  if (item) {
    const slot = slots.get(Number(item[1]));
    return slot === undefined ? 'prompt' : `slot-${slot}`;
  }
  return param === 'content' ? 'prompt' : param;
}
