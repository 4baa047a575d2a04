// @ts-check
import path from 'node:path';

/**
 * The rooms of the code and, for each, the only other rooms it may import from. An
 * allow-list rather than pairs of forbidden rooms: an arrow nobody thought to forbid is
 * still refused, and a new folder under src-main is refused until it is given a list here.
 */
export const ROOMS = {
  'src-shared': {
    may: [],
    why: 'src-shared is pure TypeScript: it imports nothing from src-main or the renderer.',
  },
  'src-main/imaging': {
    may: ['src-shared'],
    why: 'Pixel methods shared by the app and the simulator: plain arithmetic and OpenCV, nothing of either.',
  },
  'src-main/core': {
    may: ['src-shared', 'src-main/imaging'],
    why: 'core runs under the app and the command line alike; its host hands it anything else, such as demo mode’s simulator.',
  },
  'src-main/simulator': {
    may: ['src-shared', 'src-main/imaging'],
    why: 'The simulator stands in for the remote service and shares only src-shared and the pixel methods with the app.',
  },
  'src-main/electron': {
    may: ['src-main/core', 'src-shared', 'src-main/simulator'],
    why: 'The shell wires the core to Electron.',
  },
  'src-main/preload': {
    may: ['src-shared'],
    why: 'The preload only passes the typed contract through.',
  },
  'src-main/cli': {
    may: ['src-main/core', 'src-shared', 'src-main/simulator', 'src-main/mcp'],
    why: 'The command line is a host of the core, like the shell.',
  },
  'src-main/mcp': {
    may: ['src-main/core', 'src-shared'],
    why: 'The agent door runs the command line in child processes and reads the core; the command line starts it.',
  },
  'src-renderer': {
    may: ['src-shared'],
    why: 'The renderer talks to the main process only through window.clearframe.',
  },
};

/** Said whoever imports it: the renderer's code belongs to the renderer. */
const RENDERER_ONLY = 'Only the renderer imports renderer code.';

/** @param {string} relative a path from the repository root, with forward slashes */
function roomOf(relative) {
  return Object.keys(ROOMS).find((room) => relative === room || relative.startsWith(`${room}/`));
}

/** @type {import('eslint').Rule.RuleModule} */
const allowedImports = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Each room imports only from the rooms it lists in scripts/eslint-layers.js.',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = roomOf(file);
    if (!from) {
      if (!file.startsWith('src-main/')) return {};
      return {
        Program(node) {
          context.report({
            node,
            message: `${file.split('/').slice(0, 2).join('/')} is not a room listed in scripts/eslint-layers.js: add it with the rooms it may import from.`,
          });
        },
      };
    }
    const rule = ROOMS[/** @type {keyof typeof ROOMS} */ (from)];
    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/');
      const to = roomOf(target);
      if (to === from || (to && /** @type {readonly string[]} */ (rule.may).includes(to))) return;
      const allowed = rule.may.length > 0 ? rule.may.join(', ') : 'no other room';
      const reasons = [rule.why, ...(to === 'src-renderer' ? [RENDERER_ONLY] : [])];
      context.report({
        node,
        message: `${from} may import from ${allowed}, not from ${to ?? target}. ${reasons.join(' ')}`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) =>
        check(node, node.source.type === 'Literal' ? node.source.value : undefined),
      CallExpression: (node) => {
        const [first] = node.arguments;
        if (
          node.callee.type === 'Identifier' &&
          node.callee.name === 'require' &&
          first?.type === 'Literal'
        )
          check(node, first.value);
      },
    };
  },
};

export const layersPlugin = { rules: { 'allowed-imports': allowedImports } };
