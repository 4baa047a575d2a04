import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import {
  shellHandlers,
  type ShellCore,
  type ShellSystem,
} from '../../../src-main/electron/shell-handlers.ts';
import { invokeChannelNames } from '../../../src-shared/ipc/channels.ts';
import { accountContract } from '../../../src-shared/ipc/account.ts';
import { coreContract, coreContracts, invokeContract } from '../../../src-shared/ipc/contract.ts';
import { shellContract } from '../../../src-shared/ipc/shell.ts';
import { stagingContract } from '../../../src-shared/ipc/staging.ts';
import { videoContract } from '../../../src-shared/ipc/video.ts';
import { watermarkContract } from '../../../src-shared/ipc/watermark.ts';
import { startBareCore } from '../../support/test-core.ts';

/**
 * A channel is declared once, in its domain's contract, and answered by that domain's desk:
 * the merged contract, the channel names the shell registers and the dispatch's handlers all
 * follow from the domain files, so a new channel takes those two files and no list elsewhere.
 */

const sorted = (names: Iterable<string>) => [...names].sort();

let dir: string;
let core: AppCore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cf-ipc-domains-'));
  core = await startBareCore({ dataDir: dir, name: 'ipc-domains' });
});

afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('one contract per domain', () => {
  it('declares every channel in exactly one domain contract', () => {
    const domains = [...Object.values(coreContracts), shellContract];
    const declared = domains.flatMap((contract) => Object.keys(contract));
    expect(sorted(declared)).toEqual(sorted(new Set(declared)));
    expect(sorted(declared)).toEqual(sorted(Object.keys(invokeContract)));
    expect(sorted(invokeChannelNames)).toEqual(sorted(declared));
  });

  it('has each desk answer its domain contract and nothing else', () => {
    expect(sorted(Object.keys(core.staging.handlers))).toEqual(
      sorted(Object.keys(stagingContract)),
    );
    expect(sorted(Object.keys(core.watermark.handlers))).toEqual(
      sorted(Object.keys(watermarkContract)),
    );
    expect(sorted(Object.keys(core.video.handlers))).toEqual(sorted(Object.keys(videoContract)));
    expect(sorted(Object.keys(core.account.handlers))).toEqual(
      sorted(Object.keys(accountContract)),
    );
    expect(sorted(Object.keys(core.handlers))).toEqual(sorted(Object.keys(coreContract)));
  });

  it('leaves no channel the shell registers without a handler', () => {
    // The shell only builds its answers here; none is called, so no stand-in is needed.
    const shell = shellHandlers(core as unknown as ShellCore, {} as ShellSystem<unknown>);
    expect(sorted(Object.keys(shell))).toEqual(sorted(Object.keys(shellContract)));
    const handlers: Record<string, unknown> = { ...core.handlers, ...shell };
    const unanswered = invokeChannelNames.filter(
      (channel) => typeof handlers[channel] !== 'function',
    );
    expect(unanswered).toEqual([]);
  });
});
