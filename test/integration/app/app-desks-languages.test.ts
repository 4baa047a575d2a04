import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { openJobStore } from '../../../src-main/core/app/startup.ts';
import { speakCoreIn } from '../../../src-main/core/i18n/core-words.ts';
import { makePhoto } from '../../support/images.ts';
import { stageFiles } from '../../support/staging.ts';
import { startBareCore } from '../../support/test-core.ts';
import { inLanguage } from '../../support/in-language.ts';

let dir: string;
let core: AppCore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-app-desks-languages-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'app-desks-languages' });
  await core.handlers['settings:update']({ outputFolder: path.join(dir, 'out') });
});

afterEach(() => {
  speakCoreIn(() => 'en');
});

afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the app desks and start-up notices in another language', () => {
  it('refuse a mask tool that leaves nothing marked in the pseudo-locale', async () => {
    speakCoreIn(() => 'en-XA');
    const file = path.join(dir, 'shot.png');
    await writeFile(file, await makePhoto(200, 100, 'png', 2));
    const token = (await stageFiles(core, [file])).items[0]?.token ?? '';
    const refused = core.handlers['mask:transform']({
      token,
      strokes: [{ kind: 'rect', x: 100, y: 50, width: 40, height: 20 }],
      tool: { kind: 'shrink', pixels: 30 },
    });
    await expect(refused).rejects.toThrow(inLanguage('en-XA', 'core.app.maskToolEmpty'));
    await expect(refused).rejects.toThrow(/^\[.*\]$/);
  });

  it('name a project that is gone in the pseudo-locale', async () => {
    speakCoreIn(() => 'en-XA');
    // The channel answers at once, so it throws rather than rejects.
    const added = Promise.resolve().then(() =>
      core.handlers['video:addShot']({ projectId: 'no-such-project' }),
    );
    await expect(added).rejects.toThrow(inLanguage('en-XA', 'core.app.projectGone'));
  });

  it('say what a site answered for an image address in the pseudo-locale', async () => {
    speakCoreIn(() => 'en-XA');
    const server = http.createServer((_, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const probe = core.handlers['media:probeUrl']({ url: `http://${host}/gone.jpg` });
      const problem = inLanguage('en-XA', 'core.app.addressRefusedHttp', { host, status: 404 });
      await expect(probe).rejects.toThrow(
        inLanguage('en-XA', 'core.app.addressProblem', { problem }),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuse an import whose file changed in German, with German money', async () => {
    speakCoreIn(() => 'de');
    const { projectId } = await core.handlers['video:createProject']({ name: 'Kai' });
    const file = path.join(dir, 'rounds.csv');
    await writeFile(file, 'prompt,duration,shot\ngulls,5,Gulls\nboats,30,\n');
    const imported = core.handlers['video:importRounds']({
      path: file,
      projectId,
      count: 2,
      totalCents: 242,
    });
    await expect(imported).rejects.toThrow(
      'rounds.csv ergibt nicht mehr, was Sie gesehen haben (die Datei oder die Preisstufe hat sich geändert): Jetzt sind es 2 Versuche für 7,70 USD.',
    );
  });

  it('say in German that a damaged job database was set aside', async () => {
    speakCoreIn(() => 'de');
    const file = path.join(dir, 'damaged.sqlite');
    await writeFile(file, 'this is not a database'.repeat(200));
    const opened = openJobStore(file);
    try {
      const aside = /(\S+damaged\.sqlite\.damaged-[\w-]+)/.exec(
        opened.notices[0]?.message ?? '',
      )?.[1];
      expect(aside).toBeDefined();
      expect(opened.notices).toEqual([
        {
          level: 'warning',
          message: inLanguage('de', 'core.app.databaseSetAside', { aside: aside ?? '' }),
        },
      ]);
      expect(opened.notices[0]?.message).toMatch(/^Die Auftragsdatenbank war beschädigt/);
    } finally {
      opened.store.close();
    }
  });
});
