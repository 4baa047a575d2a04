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

/**
 * Text written into the window's code instead of the catalogues: formatjs's own rules
 * (see eslint.config.js for where they apply), narrowed to literals that hold words.
 */
export const wordsPlugin = {
  rules: {
    'no-literal-words-in-jsx': wordsOnly(literalRule),
    'no-literal-words-in-object': wordsOnly(objectRule),
  },
};
