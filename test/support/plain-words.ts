/**
 * What is left of a sentence once the values it names are taken out: in the pseudo-locale
 * every letter of a catalogue message is accented, so any plain ASCII word left came from
 * code, not from the catalogue.
 */
export function plainWords(sentence: string, values: readonly string[]): string[] {
  const rest = values.reduce((text, value) => text.split(value).join(' '), sentence);
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}
