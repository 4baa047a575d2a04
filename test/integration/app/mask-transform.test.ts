import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import { issueWords } from '../../../src-shared/i18n/issue-words.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';
import { invokeContract } from '../../../src-shared/ipc/contract.ts';
import { makePhoto } from '../../support/images.ts';
import { stageFiles } from '../../support/staging.ts';
import { startBareCore } from '../../support/test-core.ts';

let dir: string;
let core: AppCore;
let token: string;

const RECT: Stroke[] = [{ kind: 'rect', x: 100, y: 50, width: 40, height: 20 }];
const AREA = 200 * 100;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-mask-transform-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'mask-transform' });
  const file = path.join(dir, 'shot.png');
  await writeFile(file, await makePhoto(200, 100, 'png', 2));
  token = (await stageFiles(core, [file])).items[0]?.token ?? '';
});

afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('whole-mask tools in the editor (mask:transform)', () => {
  it('grows, shrinks, inverts and keeps what is inside a box, each as one kept mask', async () => {
    const run = (tool: Parameters<(typeof core.handlers)['mask:transform']>[0]['tool']) =>
      core.handlers['mask:transform']({ token, strokes: RECT, tool });
    const grown = await run({ kind: 'grow', pixels: 5 });
    // Five pixels all round, the corners rounded: between the rectangle and its 50×30 box.
    expect(grown.fraction * AREA).toBeGreaterThan(50 * 30 - 60);
    expect(grown.fraction * AREA).toBeLessThanOrEqual(50 * 30);
    const shrunk = await run({ kind: 'shrink', pixels: 5 });
    expect(shrunk.fraction * AREA).toBeCloseTo(30 * 10, -1);
    const inverted = await run({ kind: 'invert' });
    expect(inverted.fraction * AREA).toBe(AREA - 40 * 20);
    const inside = await run({ kind: 'keepInside', box: { x: 0, y: 0, width: 120, height: 100 } });
    expect(inside.fraction * AREA).toBe(20 * 20);
    // The result is an imported mask the editor shows and a job can be sent with.
    expect(await core.previewFile(`mask/${inside.maskToken}`)).toMatch(/\.overlay\.png$/);
    const again = await core.handlers['mask:transform']({
      token,
      strokes: [{ kind: 'bitmap', token: inside.maskToken }],
      tool: { kind: 'grow', pixels: 1 },
    });
    expect(again.fraction * AREA).toBeGreaterThan(20 * 20);
  });

  it('refuses a tool that would leave nothing marked, saying what to do', async () => {
    await expect(
      core.handlers['mask:transform']({
        token,
        strokes: RECT,
        tool: { kind: 'shrink', pixels: 30 },
      }),
    ).rejects.toThrow(
      'That would leave nothing marked: undo, or choose a smaller amount or a larger view.',
    );
    await expect(
      core.handlers['mask:transform']({
        token,
        strokes: RECT,
        tool: { kind: 'keepInside', box: { x: 0, y: 0, width: 50, height: 50 } },
      }),
    ).rejects.toThrow('That would leave nothing marked');
  });

  it('refuses a bad amount at the contract with what to change', () => {
    const parsed = invokeContract['mask:transform'].request.safeParse({
      token,
      strokes: RECT,
      tool: { kind: 'grow', pixels: 0 },
    });
    expect(parsed.success).toBe(false);
    const [issue] = parsed.error?.issues ?? [];
    expect(issue && issueWords(textIntl('en'), issue)).toBe('Grow or shrink by at least 1 pixel.');
    expect(issue && issueWords(textIntl('de'), issue)).toBe(
      'Vergrößern oder verkleinern Sie um mindestens 1 Pixel.',
    );
  });
});
