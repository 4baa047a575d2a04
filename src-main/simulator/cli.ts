/** `npm run simulator`: the simulator on a port (default: any free one) until Ctrl+C. */
import { parseArgs } from 'node:util';
import { DEMO_KEY } from './accounts.ts';
import { startSimulator } from './server.ts';

export const SIMULATOR_USAGE = `Usage: clearframe simulator [--port N]
  Runs the local stand-in for the service until Ctrl+C (on any free port unless --port says).`;

/** A bad option is thrown as Node's parser error, which the command line turns into one line. */
export async function runSimulator(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' } }, strict: true });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('clearframe simulator: --port must be a whole number from 0 to 65535.');
    return 2;
  }
  const sim = await startSimulator({ port });
  console.log(`watermark base URL  ${sim.watermarkBaseUrl}`);
  console.log(`video base URL      ${sim.videoBaseUrl}`);
  console.log(`demo key            ${DEMO_KEY}`);
  console.log(`request log         ${sim.origin}/__sim/log`);
  console.log('Press Ctrl+C to stop.');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sim.stop();
  return 0;
}
