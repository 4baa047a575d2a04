/**
 * `node --experimental-strip-types scripts/review-sample.ts [language…]`: the review sample
 * (docs/localisation/review-sample.json) printed as a table to read, each id's English
 * beside its translation, so every review reads the same messages the same way.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOGUES } from '../src-shared/i18n/sources.ts';

interface Sample {
  even: string[];
  moneyAndKeys: string[];
}

const file = fileURLToPath(new URL('../docs/localisation/review-sample.json', import.meta.url));
const sample = JSON.parse(readFileSync(file, 'utf8')) as Sample;
const catalogues: Readonly<Record<string, Readonly<Record<string, string>>>> = CATALOGUES;
const english = catalogues['en'] ?? {};
const asked = process.argv.slice(2);
const languages = asked.length > 0 ? asked : Object.keys(catalogues).filter((l) => l !== 'en');

for (const language of languages) {
  const catalogue = catalogues[language];
  if (!catalogue) throw new Error(`No catalogue for "${language}".`);
  for (const [part, ids] of [
    ['even', sample.even],
    ['money and keys', sample.moneyAndKeys],
  ] as const) {
    console.log(`\n## ${language}: ${part} (${ids.length})\n`);
    ids.forEach((id, n) => {
      console.log(`${String(n + 1).padStart(3)}. ${id}`);
      console.log(`     en: ${english[id]}`);
      console.log(`     ${language}: ${catalogue[id]}`);
    });
  }
}
