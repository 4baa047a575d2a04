/** `npm run simulator`: the simulator on a port (default: any free one) until Ctrl+C. */
import { DEMO_KEY } from './accounts.ts';
import { startSimulator } from './server.ts';

export async function runSimulator(args: string[]): Promise<number> {
  const portArg = args.find((arg) => arg.startsWith('--port='));
  const port = portArg ? Number(portArg.slice('--port='.length)) : 0;
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
