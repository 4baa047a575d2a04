import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { redactSecrets } from '../core/api/errors.ts';
import { said } from '../core/i18n/core-words.ts';
import { UserFacingError } from '../core/user-error.ts';
import type { AgentQuestion, AgentQuestionAbout } from '../../src-shared/ipc/agent.ts';
import type { Allowance, Cost, Reservation } from './allowance.ts';
import type { CliAnswer } from './cli-runner.ts';

/** What a tool answers: one JSON text, marked as an error when the work did not succeed. */
export interface ToolAnswer {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
}

/** What every tool is built with: the server, the command line in a child, the allowance. */
export interface ToolContext {
  server: McpServer;
  dataDir: string;
  cli(args: readonly string[]): Promise<CliAnswer>;
  allowance: Allowance;
  /**
   * Reserves a paid call's cost; past the allowance, asks in the open app's window first,
   * saying what the call is for (`about`).
   */
  reserve(
    intent: string,
    tool: AgentQuestion['tool'],
    cost: Cost,
    about: AgentQuestionAbout,
  ): Promise<Reservation>;
  answer(value: Record<string, unknown>, isError?: boolean): ToolAnswer;
  refuse(sentence: string): ToolAnswer;
}

/**
 * The one place an answer is written: as JSON, with every key Clearframe knows of taken
 * out, whatever a command or the service said.
 */
export function answerOf(value: Record<string, unknown>, isError = false): ToolAnswer {
  return {
    content: [{ type: 'text', text: redactSecrets(JSON.stringify(value)) }],
    ...(isError ? { isError: true } : {}),
  };
}

/** A paid call refused before anything was sent, with the sentence that says how to allow it. */
export function refusalOf(sentence: string): ToolAnswer {
  return answerOf({ refused: true, sent: false, message: sentence }, true);
}

/**
 * A tool's handler whose failures are answers too: the sentence of an error meant for
 * people, or one line naming any other, both through `answerOf` so no key leaks out of an
 * error's text either.
 */
export function guarded<A>(
  handler: (args: A) => Promise<ToolAnswer>,
): (args: A) => Promise<ToolAnswer> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      const message =
        error instanceof UserFacingError
          ? error.userMessage
          : said('cli.unexpected', { command: 'mcp', problem: (error as Error).message });
      return answerOf({ sent: false, message }, true);
    }
  };
}
