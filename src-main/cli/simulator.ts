/** `npm run simulator`: the simulator on a port (default: any free one) until Ctrl+C. */
import { parseArgs } from 'node:util';
import { words } from './words.ts';
import { DEMO_KEY } from '../simulator/accounts.ts';
import { startSimulator } from '../simulator/server.ts';

/** The command's usage, in the run's language. */
export const simulatorUsage = (): string => words('cli.simulator.usage');

/** A bad option is thrown as Node's parser error, which the command line turns into one line. */
export async function runSimulator(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' } }, strict: true });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(words('cli.simulator.badPort'));
    return 2;
  }
  const sim = await startSimulator({ port });
  const lines = [
    [words('cli.simulator.watermark'), sim.watermarkBaseUrl],
    [words('cli.simulator.video'), sim.videoBaseUrl],
    [words('cli.simulator.key'), DEMO_KEY],
    [words('cli.simulator.requestLog'), `${sim.origin}/__sim/log`],
  ] as const;
  const width = Math.max(...lines.map(([label]) => label.length)) + 2;
  for (const [label, value] of lines) console.log(`${label.padEnd(width)}${value}`);
  console.log(words('cli.simulator.stop'));
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sim.stop();
  return 0;
}
