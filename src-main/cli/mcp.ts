import { serveStdio } from '../mcp/server.ts';
import { defaultUserDataDir } from '../core/paths.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { words } from './words.ts';

export const mcpUsage = () => words('cli.mcp.usage');

/** A flag's amount: a number of 0 or more (whole for credits), or the line that says why not. */
function amountOf(
  option: string,
  value: string | undefined,
  whole: boolean,
): number | undefined | { problem: string } {
  if (value === undefined) return undefined;
  const amount = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(amount) ||
    amount < 0 ||
    (whole && !Number.isInteger(amount))
  ) {
    return { problem: words(whole ? 'cli.mcp.badCredits' : 'cli.mcp.badUsd', { option }) };
  }
  return amount;
}

/**
 * `clearframe mcp`: the agent door, an MCP server over standard input and output. Standard
 * output belongs to the protocol from here on: nothing else is printed there.
 */
export async function runMcp(args: string[], version: string): Promise<number> {
  const { values } = parseCommand('mcp', args, {
    options: {
      demo: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'credits-per-day': { type: 'string' },
      'usd-per-day': { type: 'string' },
    },
  });
  const credits = amountOf('--credits-per-day', values['credits-per-day'], true);
  const usd = amountOf('--usd-per-day', values['usd-per-day'], false);
  for (const amount of [credits, usd]) {
    if (typeof amount === 'object') {
      console.error(words('cli.commandProblem', { command: 'mcp', problem: amount.problem }));
      return EXIT.usage;
    }
  }
  await serveStdio({
    version,
    dataDir: values['data-dir'] ?? defaultUserDataDir(),
    demo: values.demo,
    override: {
      ...(typeof credits === 'number' ? { creditsPerDay: credits } : {}),
      ...(typeof usd === 'number' ? { usdPerDay: usd } : {}),
    },
  });
  return EXIT.done;
}
