import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../src-main/cli/main.ts', import.meta.url));

export interface SimulatorProcess {
  watermarkBaseUrl: string;
  videoBaseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `clearframe simulator` in its own process, so a load test does not share its event loop. */
export async function spawnSimulator(): Promise<SimulatorProcess> {
  const child = spawn(process.execPath, ['--experimental-strip-types', cli, 'simulator'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const urls = await new Promise<{ watermark: string; video: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const watermark = /watermark base URL\s+(\S+)/.exec(output)?.[1];
      const video = /video base URL\s+(\S+)/.exec(output)?.[1];
      if (watermark && video) resolve({ watermark, video });
    });
  });
  return {
    watermarkBaseUrl: urls.watermark,
    videoBaseUrl: urls.video,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
