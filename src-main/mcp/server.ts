import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { API_KEY_KINDS } from '../../src-shared/domain/api-keys.ts';
import { dataPaths } from '../core/paths.ts';
import { ApiKeys } from '../core/secrets/api-keys.ts';
import { KeychainStore } from '../core/secrets/keychain.ts';
import { SettingsStore } from '../core/settings/settings-store.ts';
import { Allowance, type AllowanceLimits } from './allowance.ts';
import { reserveOrAsk } from './ask-window.ts';
import { runCliCommand } from './cli-runner.ts';
import { registerImageTools } from './image-tools.ts';
import { registerStateTools } from './state-tools.ts';
import { answerOf, refusalOf, type ToolContext } from './tool-context.ts';
import { registerVideoTools } from './video-tools.ts';

export interface McpOptions {
  version: string;
  dataDir: string;
  demo: boolean;
  /** The allowance given on the command line, over the settings' for this server's life. */
  override: Partial<AllowanceLimits>;
}

/**
 * The agent door: an MCP server whose tools run the same commands as a terminal, one child
 * process each, on the same data folder and its lock. Paid tools go through the allowance.
 */
export async function createMcpServer(options: McpOptions): Promise<McpServer> {
  const server = new McpServer({ name: 'clearframe', version: options.version });
  const settingsStore = new SettingsStore(dataPaths(options.dataDir).settingsFile);
  // Read at each call: the person may change the allowance in the window meanwhile.
  const settings = () => settingsStore.load();
  // Every key this process could meet is registered, so no answer can carry one.
  const keys = new ApiKeys(new KeychainStore());
  for (const kind of API_KEY_KINDS) await keys.read(kind).catch(() => undefined);
  const allowance = new Allowance({
    dataDir: options.dataDir,
    limits: async () => ({ ...(await settings()).agentAllowance, ...options.override }),
  });
  const context: ToolContext = {
    server,
    dataDir: options.dataDir,
    cli: (args) => runCliCommand({ dataDir: options.dataDir, demo: options.demo }, args),
    allowance,
    reserve: (intent, tool, cost, about) => {
      // The agent's name as its client gave it on connecting, cut to what the window shows.
      const agent = server.server.getClientVersion()?.name.trim().slice(0, 100);
      const asked = agent ? { ...about, agent } : about;
      return reserveOrAsk({ allowance, dataDir: options.dataDir }, intent, tool, cost, asked);
    },
    answer: answerOf,
    refuse: refusalOf,
  };
  registerImageTools(context);
  registerVideoTools(context, async () => (await settings()).pricingTier);
  registerStateTools(context);
  return server;
}

/** Serves the tools over standard input and output until the client closes them. */
export async function serveStdio(options: McpOptions): Promise<void> {
  const server = await createMcpServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    // A client that goes away closes our standard input: the server ends with it.
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  await closed;
}
