import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { en, type Catalogue, type MessageId } from './catalogues/en.ts';

/** Accented stand-ins for ASCII letters: still readable, plainly not the English bytes. */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒğĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĞĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index] ?? letter,
  ]),
);
const VOWELS = /[aeiouyAEIOUY]/;

/**
 * How much longer a message is made: German and French run about 30 % longer than English
 * in a UI, short labels more; 40 % finds the boxes a translation would overflow.
 */
export const PSEUDO_GROWTH = 0.4;

/**
 * Text made `extra` characters longer by doubling vowels, front to back, as far as they go
 * (words grow, so a long word has to fit or wrap as in German), and accented; `left` is
 * what the vowels could not make up.
 */
function stretch(text: string, extra: number): { text: string; left: number } {
  let left = extra;
  let out = '';
  for (const char of text) {
    out += ACCENTED[char] ?? char;
    if (left > 0 && VOWELS.test(char)) {
      out += ACCENTED[char] ?? char;
      left -= 1;
    }
  }
  return { text: out, left };
}

/** How many characters of the message the reader sees as words (values not counted). */
function literalLength(elements: readonly MessageFormatElement[]): number {
  let length = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) length += element.value.length;
    else if (element.type === TYPE.tag) length += literalLength(element.children);
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      // The longest choice is the one a layout must hold.
      length += Math.max(
        0,
        ...Object.values(element.options).map((option) => literalLength(option.value)),
      );
    }
  }
  return length;
}

/**
 * The elements with every literal stretched and accented; values, tags and choices kept.
 * `short` counts what vowels could not make up, to be padded once at the message's end.
 */
function transform(
  elements: readonly MessageFormatElement[],
  share: number,
  short: { count: number },
): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) {
      const { text, left } = stretch(element.value, Math.round(element.value.length * share));
      short.count += left;
      return { ...element, value: text };
    }
    if (element.type === TYPE.tag) {
      return { ...element, children: transform(element.children, share, short) };
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: transform(option.value, share, short) },
        ]),
      );
      return { ...element, options };
    }
    return element;
  });
}

/** One English message as the pseudo-locale shows it: `[Ŕéésûûļţš]`, about 40 % longer. */
export function pseudoMessage(message: string): string {
  const ast = parse(message);
  const length = literalLength(ast);
  // The two brackets count toward the growth: short labels, the ones most often cut, grow most.
  const share = length === 0 ? 0 : Math.max(0, (length * PSEUDO_GROWTH - 2) / length);
  const short = { count: 0 };
  const stretched = printAST(transform(ast, share, short));
  // Every choice of a plural or select counted its own shortfall: pad for the longest path only.
  return `[${stretched}${'·'.repeat(Math.min(short.count, Math.ceil(length * PSEUDO_GROWTH)))}]`;
}

let pseudo: Catalogue | undefined;

/** The pseudo-locale's catalogue, made from the English one the first time it is asked for. */
export function pseudoCatalogue(): Catalogue {
  pseudo ??= Object.fromEntries(
    Object.entries(en).map(([id, message]) => [id, pseudoMessage(message)]),
  ) as Record<MessageId, string>;
  return pseudo;
}
