// @ts-check
import formatjs from 'eslint-plugin-formatjs';

const literalRule = formatjs.rules?.['no-literal-string-in-jsx'];
const objectRule = formatjs.rules?.['no-literal-string-in-object'];
if (!literalRule || !objectRule)
  throw new Error('eslint-plugin-formatjs lacks its literal-string rules');

/** Words are made of letters; a space, a `·` or a `–` between two messages is not a word. */
const WORD = /\p{L}/u;

/**
 * A formatjs rule that reports only literals with a letter in them: `{' '}` between a label
 * and its control and `{' · '}` between two messages need no translation, and refusing them
 * would push spaces into the catalogues.
 * @param {import('eslint').Rule.RuleModule} rule
 * @returns {import('eslint').Rule.RuleModule}
 */
function wordsOnly(rule) {
  return {
    meta: rule.meta,
    create(context) {
      const source = context.sourceCode;
      const report = (/** @type {import('eslint').Rule.ReportDescriptor} */ descriptor) => {
        const text = 'node' in descriptor && descriptor.node ? source.getText(descriptor.node) : '';
        if (WORD.test(text.replace(/^\w[\w-]*=/, ''))) context.report(descriptor);
      };
      return rule.create(Object.create(context, { report: { value: report } }));
    },
  };
}

/** Two letters in a row: a word, where `\x1b[2K` (a terminal code) is none. */
const TWO_LETTERS = /\p{L}{2}/u;

/** `console.log(…)`, `console.error(…)` and the like, or `process.stdout.write(…)`. */
const OUTPUT_CALLEE = new Set([
  'console.log',
  'console.error',
  'console.warn',
  'console.info',
  'process.stdout.write',
  'process.stderr.write',
]);

/**
 * @param {import('estree').Node} node
 * @returns {string}
 */
function calleeName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier')
    return `${calleeName(node.object)}.${node.property.name}`;
  return '';
}

/**
 * The pieces of an argument a person reads as written: string literals and the fixed parts
 * of template literals, through `+`, `? :` and `||`/`??`; what a call returns (a message)
 * is not looked into.
 * @param {import('estree').Node} node
 * @returns {import('estree').Node[]}
 */
function writtenParts(node) {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && TWO_LETTERS.test(node.value) ? [node] : [];
    case 'TemplateLiteral':
      return [
        ...node.quasis.filter((quasi) => TWO_LETTERS.test(quasi.value.cooked ?? '')),
        ...node.expressions.flatMap(writtenParts),
      ];
    case 'BinaryExpression':
    case 'LogicalExpression':
      return [...writtenParts(node.left), ...writtenParts(node.right)];
    case 'ConditionalExpression':
      return [...writtenParts(node.consequent), ...writtenParts(node.alternate)];
    default:
      return [];
  }
}

/**
 * Words printed by the command line without a catalogue: a string or template with words
 * in it given to console.log/error or written to stdout/stderr (see eslint.config.js for
 * the files it applies to).
 * @type {import('eslint').Rule.RuleModule}
 */
const literalWordsInOutput = {
  meta: {
    type: 'problem',
    messages: {
      literal:
        'Words printed to the terminal come from the message catalogues (words() in src-main/cli/words.ts), not a literal.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (!OUTPUT_CALLEE.has(calleeName(node.callee))) return;
        for (const argument of node.arguments) {
          for (const part of writtenParts(/** @type {import('estree').Node} */ (argument))) {
            context.report({ node: part, messageId: 'literal' });
          }
        }
      },
    };
  },
};

/**
 * Words the engine says to the user without a catalogue: a string or template with words
 * given to a user-facing error (`new UserFacingError(…)` and the classes named in the
 * rule's `errors` option). Their sentences come from `said()` in
 * src-main/core/i18n/core-words.ts, in the reader's language.
 * @type {import('eslint').Rule.RuleModule}
 */
const literalWordsInError = {
  meta: {
    type: 'problem',
    messages: {
      literal:
        'A sentence for the user comes from the message catalogues (said() in src-main/core/i18n/core-words.ts), not a literal.',
    },
    schema: [
      {
        type: 'object',
        properties: { errors: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const named = new Set(['UserFacingError', ...(context.options[0]?.errors ?? [])]);
    return {
      NewExpression(node) {
        if (node.callee.type !== 'Identifier' || !named.has(node.callee.name)) return;
        for (const argument of node.arguments) {
          for (const part of writtenParts(/** @type {import('estree').Node} */ (argument))) {
            context.report({ node: part, messageId: 'literal' });
          }
        }
      },
    };
  },
};

/** Three words or more in a row: a sentence, where `a b`, a path or a code is none. */
const SENTENCE = /\p{L}{2,}[^\S\n]+\p{L}+[^\S\n]+\p{L}{2,}/u;

/** `new Error(…)`, `new RangeError(…)`, `new TypeError(…)`: a program's own mistake, for the log. */
const PROGRAM_ERRORS = new Set(['Error', 'RangeError', 'TypeError']);

/**
 * A sentence written into shared code that the window, the command line and the engine
 * show: in those files every sentence is a catalogue message, said in the reader's
 * language by whoever shows it. A program's own errors (`new Error(…)`) are not refused:
 * they are for the log.
 * @type {import('eslint').Rule.RuleModule}
 */
const sentencesInShared = {
  meta: {
    type: 'problem',
    messages: {
      sentence:
        'A sentence here is a message id from the catalogues (src-shared/i18n/catalogues/en.ts), said by whoever shows it, not a literal.',
    },
    schema: [],
  },
  create(context) {
    /** @param {import('eslint').Rule.Node} node */
    const forTheLog = (node) => {
      for (let at = node.parent; at; at = at.parent) {
        if (
          at.type === 'NewExpression' &&
          at.callee.type === 'Identifier' &&
          PROGRAM_ERRORS.has(at.callee.name)
        )
          return true;
        if (at.type.endsWith('Statement') || at.type.endsWith('Declaration')) return false;
      }
      return false;
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string' && SENTENCE.test(node.value) && !forTheLog(node)) {
          context.report({ node, messageId: 'sentence' });
        }
      },
      TemplateElement(node) {
        if (SENTENCE.test(node.value.cooked ?? '') && !forTheLog(node)) {
          context.report({ node, messageId: 'sentence' });
        }
      },
    };
  },
};

/**
 * A sentence worded once and kept inside an error (`new UserFacingError(said(…))`): it stays
 * in the language of the moment it was made, so a stored job error reads in the old language
 * after a switch. An error keeps its message id and values instead and is worded when read.
 * @type {import('eslint').Rule.RuleModule}
 */
const saidInError = {
  meta: {
    type: 'problem',
    messages: {
      said: 'An error keeps its message id and values, worded when read: `new UserFacingError({ id, values })`, not `said(…)`.',
    },
    schema: [],
  },
  create(context) {
    /** @param {import('eslint').Rule.Node} node */
    const insideError = (node) => {
      for (let at = node.parent; at; at = at.parent) {
        if (at.type === 'ThrowStatement') return true;
        if (
          at.type === 'NewExpression' &&
          at.callee.type === 'Identifier' &&
          /Error$/.test(at.callee.name)
        )
          return true;
        if (at.type.endsWith('Statement') || at.type.endsWith('Declaration')) return false;
        if (at.type.includes('Function')) return false;
      }
      return false;
    };
    return {
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'said' && insideError(node))
          context.report({ node, messageId: 'said' });
      },
    };
  },
};

/**
 * Text written into the window's code instead of the catalogues: formatjs's own rules
 * (see eslint.config.js for where they apply), narrowed to literals that hold words.
 */
export const wordsPlugin = {
  rules: {
    'no-literal-words-in-jsx': wordsOnly(literalRule),
    'no-literal-words-in-object': wordsOnly(objectRule),
    'no-literal-words-in-output': literalWordsInOutput,
    'no-literal-words-in-error': literalWordsInError,
    'no-sentences-in-shared': sentencesInShared,
    'no-said-in-error': saidInError,
  },
};
