import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import { download } from '../../../src-main/core/api/downloader.ts';
import { AuthenticationError, DownloadError } from '../../../src-main/core/api/errors.ts';
import { createTransport } from '../../../src-main/core/api/http.ts';
import { ProxyProblem, proxiesFromEnvironment } from '../../../src-main/core/api/proxy-settings.ts';
import { WatermarkClient } from '../../../src-main/core/api/watermark-client.ts';
import { speakCoreIn } from '../../../src-main/core/i18n/core-words.ts';
import { planImport, planView } from '../../../src-main/core/jobs/video/round-import.ts';
import { queueRound } from '../../../src-main/core/jobs/video/round-planning.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoArrangement } from '../../../src-main/core/jobs/video/video-arrangement.ts';
import { VideoRounds } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { startSimulator } from '../../../src-main/simulator/server.ts';
import { inLanguage } from '../../support/in-language.ts';

let dir: string;
let store: JobStore;
let rounds: VideoRounds;

const pseudo = (id: MessageId, values?: Record<string, string | number>) =>
  inLanguage('en-XA', id, values);

/** The message of what `action` threw (or rejected with). */
async function messageOf(action: () => unknown): Promise<string> {
  try {
    await action();
  } catch (error) {
    return error instanceof AuthenticationError || error instanceof DownloadError
      ? error.userMessage
      : (error as Error).message;
  }
  throw new Error('nothing was thrown');
}

beforeEach(async () => {
  speakCoreIn(() => 'en-XA');
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-jobs-languages-'));
  store = JobStore.open(path.join(dir, 'jobs.sqlite'));
  rounds = new VideoRounds(store);
});

afterEach(async () => {
  speakCoreIn(() => 'en');
  store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the jobs and the clients in the language set', () => {
  it('refuse a rounds file in the pseudo-locale', async () => {
    const notes = path.join(dir, 'rounds.txt');
    await writeFile(notes, 'gulls over the harbour');
    expect(await messageOf(() => planImport(notes, { rounds, tier: 'starter', demo: true }))).toBe(
      pseudo('core.import.notCsvOrJson', { name: 'rounds.txt' }),
    );

    const csv = path.join(dir, 'rounds.csv');
    await writeFile(csv, 'prompt,durration\ngulls over the harbour,5\n');
    const refused = await messageOf(() => planImport(csv, { rounds, tier: 'starter', demo: true }));
    expect(refused).toBe(
      pseudo('core.import.unknownColumn', {
        name: 'rounds.csv',
        found: '"durration"',
        columns: pseudo('core.import.columnList', {
          first: 'prompt, kind, references, duration, ratio',
          last: 'shot',
        }),
      }),
    );
    expect(refused).toMatch(/^\[.*\]$/u);
  });

  it('refuse to arrange or queue what the SQLite store does not hold, in the pseudo-locale', async () => {
    const arrangement = new VideoArrangement(store, rounds);
    expect(await messageOf(() => arrangement.renameProject('no-such-project', 'Harbour'))).toBe(
      pseudo('core.rounds.gone', { kind: 'project' }),
    );
    const project = rounds.createProject('Harbour');
    expect(await messageOf(() => arrangement.renameProject(project, '  '))).toBe(
      pseudo('core.rounds.nameProject'),
    );
    const request = {
      model: 'videomodel-2-5',
      content: [{ type: 'text' as const, text: 'gulls over the harbour' }],
      duration: 5,
    };
    expect(await messageOf(() => queueRound(rounds, 'starter', 'no-such-shot', request))).toBe(
      pseudo('core.rounds.noShot', { shot: 'no-such-shot' }),
    );
  });

  it('say the service’s refusal of a key in the pseudo-locale, over loopback', async () => {
    const sim = await startSimulator();
    try {
      const client = new WatermarkClient({
        baseUrl: sim.watermarkBaseUrl,
        key: () => 'a-key-the-service-does-not-know',
        transport: createTransport(),
      });
      expect(await messageOf(() => client.quota())).toBe(pseudo('core.api.authentication'));
    } finally {
      await sim.stop();
    }
  });

  it('refuse a result link that is not https in the pseudo-locale, before fetching it', async () => {
    const link = 'http://results.example.invalid/clip.mp4';
    expect(
      await messageOf(() =>
        download(createTransport(), { url: link, targetDir: dir, fileName: 'clip.mp4' }),
      ),
    ).toBe(
      pseudo('core.api.download', {
        reason: pseudo('core.fetch.plainHttp', { host: 'results.example.invalid' }),
      }),
    );
  });

  it('speak German when German is set', async () => {
    speakCoreIn(() => 'de');
    const problem = proxiesFromEnvironment({ HTTPS_PROXY: 'socks5://proxy.example:1080' });
    expect(problem).toBeInstanceOf(ProxyProblem);
    expect((problem as ProxyProblem).userMessage).toBe(
      inLanguage('de', 'core.api.proxyUnusableVariable', {
        variable: 'HTTPS_PROXY',
        scheme: 'socks',
        host: 'proxy.example:1080',
      }),
    );
    expect((problem as ProxyProblem).userMessage).toContain('einen SOCKS-Proxy');

    const arrangement = new VideoArrangement(store, rounds);
    expect(await messageOf(() => arrangement.chooseTake('no-such-shot', null))).toBe(
      'Diesen Shot gibt es nicht mehr.',
    );
  });

  it('show an import plan and its broken rows in German: kinds, shots and rules', async () => {
    speakCoreIn(() => 'de');
    const csv = path.join(dir, 'runden.csv');
    await writeFile(
      csv,
      'prompt,kind,duration,ratio,shot\nMöwen über dem Hafen,text,5,16:9,Hafen\nBoote,text,45,16:9,\n',
    );
    const plan = await planImport(csv, { rounds, tier: 'starter', demo: true });
    expect(plan.problems.map((problem) => `${problem.label}: ${problem.message}`)).toEqual([
      'Zeile 3: Stellen Sie eine Dauer von 4 bis 30 Sekunden ein: Video model 2.5 erstellt keinen Clip von 45 Sekunden.',
    ]);
    const fine = path.join(dir, 'gut.csv');
    await writeFile(fine, 'prompt,kind,shot\nMöwen über dem Hafen,text,Hafen\n');
    const view = planView(
      await planImport(fine, { rounds, tier: 'starter', demo: true }),
      undefined,
    );
    expect(view.rounds.map((round) => [round.shot, round.kind])).toEqual([
      ['Shot 1 „Hafen“ (neu)', 'Text zu Video'],
    ]);
  });
});
