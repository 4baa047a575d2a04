import { createInterface } from 'node:readline/promises';
import { words } from './words.ts';

/** Asks a yes-or-no question on the terminal; anything but yes is no. */
export async function confirm(question: string): Promise<boolean> {
  const readline = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await readline.question(`${question} ${words('cli.ask.choices')} `)).trim();
    // The words that mean yes, in this language and in English: `y|yes`, `j|ja|y|yes`.
    return new RegExp(`^(${words('cli.ask.yes')})$`, 'iu').test(answer);
  } finally {
    readline.close();
  }
}
