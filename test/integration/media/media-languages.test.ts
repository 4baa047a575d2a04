import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import { PSEUDO_LANGUAGE, type ShownLanguage } from '../../../src-shared/i18n/languages.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { speakCoreIn } from '../../../src-main/core/i18n/core-words.ts';
import { whyNotTaken } from '../../../src-main/core/media/collect-inputs.ts';
import { joinClips } from '../../../src-main/core/media/film/film-join.ts';
import { prepareImage } from '../../../src-main/core/media/intake.ts';
import { importMask } from '../../../src-main/core/media/mask-import.ts';
import { checkKey } from '../../../src-main/core/secrets/test-key.ts';
import { SettingsStore } from '../../../src-main/core/settings/settings-store.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { DEFAULT_FIXTURES_DIR } from '../../../src-main/simulator/video-service.ts';
import { makePixelBomb } from '../../support/images.ts';

const KEY = 'cf-media-languages-key-7';

let dir: string;
let sim: Simulator;
let transport: Transport;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-media-languages-'));
  sim = await startSimulator({ accounts: [{ key: KEY, balanceUsd: 25, credits: 40 }] });
  transport = createTransport({ timeoutMs: 5000 });
});

afterAll(async () => {
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

afterEach(() => speakCoreIn(() => 'en'));

/** One catalogue message in `language`, as the engine should say it. */
const inLanguage = (
  language: ShownLanguage,
  id: MessageId,
  values?: Record<string, string | number>,
) => textIntl(language).formatMessage({ id }, values);

/** A message's words up to its first value, for sentences whose values the test cannot know. */
const opening = (language: ShownLanguage, id: MessageId, names: readonly string[]) =>
  inLanguage(language, id, Object.fromEntries(names.map((name) => [name, '\u0000']))).split(
    '\u0000',
  )[0] as string;

const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it was taken'),
    (error: Error) => error.message,
  );

describe('the sentences of media, files, keys and settings in the language set', () => {
  it('refuses an empty file and a text file in the pseudo-locale', async () => {
    speakCoreIn(() => PSEUDO_LANGUAGE);
    const empty = path.join(dir, 'empty.png');
    await writeFile(empty, '');
    const text = path.join(dir, 'notes.jpg');
    await writeFile(text, 'These are notes, not a photo.\n');
    const watermark = { use: 'watermark', maxMegapixels: 25, onExceed: 'refuse' } as const;

    expect(await reason(prepareImage(empty, watermark))).toBe(
      inLanguage(PSEUDO_LANGUAGE, 'core.intake.empty'),
    );
    expect(await reason(prepareImage(text, watermark))).toBe(
      inLanguage(PSEUDO_LANGUAGE, 'core.intake.notAnImage'),
    );
    expect(inLanguage(PSEUDO_LANGUAGE, 'core.intake.empty')).not.toBe(
      inLanguage('en', 'core.intake.empty'),
    );
  });

  it('says why a drawing is not taken from a folder, in the pseudo-locale', async () => {
    speakCoreIn(() => PSEUDO_LANGUAGE);
    const drawing = path.join(dir, 'logo.svg');
    await writeFile(drawing, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await whyNotTaken(drawing)).toBe(inLanguage(PSEUDO_LANGUAGE, 'core.inputs.svg'));
  });

  it('refuses a mask of another shape in the pseudo-locale, with its sizes', async () => {
    speakCoreIn(() => PSEUDO_LANGUAGE);
    const mask = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    expect(await reason(importMask(mask, 40, 20))).toBe(
      inLanguage(PSEUDO_LANGUAGE, 'core.maskImport.otherShape', { mask: '20×20', image: '40×20' }),
    );
  });

  it('refuses to join clips of different sizes, and a clip that is gone, in the pseudo-locale', async () => {
    speakCoreIn(() => PSEUDO_LANGUAGE);
    const clips = ['landscape.mp4', 'portrait.mp4'].map((name, i) => ({
      file: path.join(DEFAULT_FIXTURES_DIR, name),
      label: `shot ${i + 1}`,
    }));
    const otherSize = await reason(joinClips(clips, dir, 'film.mp4'));
    expect(
      otherSize.startsWith(
        opening(PSEUDO_LANGUAGE, 'core.film.otherSize', ['clip', 'first', 'theirs', 'ours']),
      ),
    ).toBe(true);
    expect(otherSize).toContain('shot 2');

    const gone = path.join(dir, 'gone.mp4');
    expect(await reason(joinClips([{ file: gone, label: 'shot 1' }], dir, 'film.mp4'))).toBe(
      inLanguage(PSEUDO_LANGUAGE, 'core.film.clipGone', { label: 'Shot 1', file: gone }),
    );
    expect(await readdir(dir)).not.toContain('film.mp4');
  });

  it('sets damaged settings aside with a notice in the pseudo-locale', async () => {
    speakCoreIn(() => PSEUDO_LANGUAGE);
    const folder = await mkdtemp(path.join(dir, 'settings-'));
    const file = path.join(folder, 'settings.json');
    await writeFile(file, '{ "version": 1, ');
    const store = new SettingsStore(file);
    await store.load();
    const [aside] = (await readdir(folder)).filter((name) => name.includes('corrupt'));
    expect(aside).toBeDefined();
    expect(
      store.notice?.startsWith(
        opening(PSEUDO_LANGUAGE, 'core.settings.setAside', ['why', 'aside']),
      ),
    ).toBe(true);
    expect(store.notice).toContain(path.join(folder, aside as string));
  });

  it('says in German that the service refused a key, and that it was not saved', async () => {
    speakCoreIn(() => 'de');
    const check = await checkKey(
      'video',
      'cf-not-this-key',
      { baseUrl: sim.videoBaseUrl, transport },
      true,
    );
    expect(check.outcome).toBe('refused');
    expect(check.message).toMatch(/^127\.0\.0\.1:\d+ hat diesen Video-API-Schlüssel abgelehnt/);
    expect(check.message).toContain('Er wurde nicht gespeichert.');
  });

  it('says in German that a key works, and in English exactly as before', async () => {
    const service = { baseUrl: sim.videoBaseUrl, transport };
    const host = new URL(sim.videoBaseUrl).host;
    expect((await checkKey('video', KEY, service, true)).message).toBe(
      `The video API key works: 25.00 USD balance (from ${host}). It was saved in the system keychain.`,
    );
    expect((await checkKey('video', KEY, service, false)).message).toBe(
      `The video API key works: 25.00 USD balance (from ${host}).`,
    );
    speakCoreIn(() => 'de');
    const works = (await checkKey('video', KEY, service, true)).message;
    expect(works).toMatch(/^Der Video-API-Schlüssel funktioniert: .* Guthaben \(von /);
    expect(works).toContain('Er wurde im Schlüsselbund des Systems gespeichert.');
  });

  it('refuses an empty file in German', async () => {
    speakCoreIn(() => 'de');
    const empty = path.join(dir, 'leer.png');
    await writeFile(empty, '');
    expect(
      await reason(
        prepareImage(empty, { use: 'watermark', maxMegapixels: 25, onExceed: 'refuse' }),
      ),
    ).toBe(
      'Die Datei ist leer. Prüfen Sie, ob das Kopieren abgeschlossen ist, und fügen Sie sie dann erneut hinzu.',
    );
  });

  it('refuses a decompression bomb and a reference image of the wrong shape in German', async () => {
    speakCoreIn(() => 'de');
    const bomb = path.join(dir, 'riesig.png');
    await writeFile(bomb, makePixelBomb(30_000, 30_000));
    expect(
      await reason(prepareImage(bomb, { use: 'watermark', maxMegapixels: 25, onExceed: 'refuse' })),
    ).toBe(
      'Das Bild ist zu groß: 30000×30000 Pixel (900 Megapixel), mehr als die 268 Megapixel, die Clearframe öffnen kann. Verkleinern Sie es in einem Bildbearbeitungsprogramm und fügen Sie es dann erneut hinzu.',
    );
    const wide = path.join(dir, 'breit.png');
    await sharp({ create: { width: 1800, height: 400, channels: 3, background: '#468' } })
      .png()
      .toFile(wide);
    expect(await reason(prepareImage(wide, { use: 'video-reference' }))).toBe(
      'Ein Referenzbild muss ein Seitenverhältnis zwischen 0,4:1 und 2,5:1 haben; dieses hat 4,50:1. Schneiden Sie es zu und fügen Sie es erneut hinzu.',
    );
  });
});
