/**
 * The one detector of English written outside the catalogues, for the unit, command-line
 * and window tests alike. Under the pseudo-locale every letter of a catalogue message is
 * accented, so a plain ASCII word left once the values a text names are taken out came from
 * code, not from the catalogue. A piece with a digit in it is an id, a size, a version or a
 * numbered file, never a word; a single letter is none either.
 */
export function plainWords(text: string, values: readonly string[] = []): string[] {
  const rest = values.reduce((left, value) => left.split(value).join(' '), text);
  return rest
    .split(/[\s"'()[\],;:·]+/u)
    .filter((piece) => !/\d/u.test(piece))
    .flatMap((piece) => piece.match(/[A-Za-z]{2,}/gu) ?? []);
}
