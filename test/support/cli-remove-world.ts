import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { startSimulator, type Simulator } from '../../src-main/simulator/server.ts';
import { runCli, type CliRun } from './cli-process.ts';

/** What a test of `clearframe remove` works with: a folder per test, the simulator, the command. */
export interface RemoveWorld {
  /** A fresh folder for this test; the command's output and data folders go inside it. */
  readonly dir: string;
  readonly sim: Simulator;
  /** `clearframe remove <args> --out <dir>/out --data-dir <dir>/data` against the simulator. */
  readonly remove: (...args: string[]) => Promise<CliRun>;
  /** How many images were sent to the simulator so far (each one paid). */
  readonly submits: () => number;
}

/**
 * Starts the simulator with one account for the file's tests, gives each test a folder of its
 * own (with the simulator's faults cleared), and stops it all afterwards.
 */
export function useRemoveWorld(name: string, processingMs = 100): RemoveWorld {
  const key = `${name}-key`;
  let root = '';
  let dir = '';
  let sim: Simulator | undefined;
  let env: Record<string, string> = {};
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), `clearframe-${name}-`));
    sim = await startSimulator({
      accounts: [{ key, credits: 100 }],
      watermark: { processingMs, jitter: 0.2 },
    });
    env = { CLEARFRAME_WATERMARK_KEY: key, CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl };
  });
  beforeEach(async () => {
    dir = await mkdtemp(path.join(root, 'run-'));
    sim?.setFaults({ rates: {} });
  });
  afterAll(async () => {
    await sim?.stop();
    await rm(root, { recursive: true, force: true });
  });
  const started = () => {
    if (!sim) throw new Error('the simulator starts in beforeAll');
    return sim;
  };
  return {
    get dir() {
      return dir;
    },
    get sim() {
      return started();
    },
    remove: (...args) =>
      runCli(
        ['remove', ...args, '--out', path.join(dir, 'out'), '--data-dir', path.join(dir, 'data')],
        { env },
      ),
    submits: () =>
      started()
        .requestLog()
        .filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length,
  };
}
