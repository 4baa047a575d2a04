import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import { renderFilename } from '../../../src-shared/domain/filename-template.ts';
import { speakCoreIn } from '../../../src-main/core/i18n/core-words.ts';
import { SettingsStore } from '../../../src-main/core/settings/settings-store.ts';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-settings-'));
  file = path.join(dir, 'settings.json');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings', () => {
  it('start from the defaults: the provider, demo mode, starter tier', async () => {
    const settings = await new SettingsStore(file).load();
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(settings).toMatchObject({
      watermarkBaseUrl: 'https://backend.kaze.ai',
      demoMode: true,
      pricingTier: 'starter',
      budgetCapPeriod: 'all-time',
    });
  });

  it('save a valid change atomically and read it back after a restart', async () => {
    const store = new SettingsStore(file);
    await store.load();
    const result = await store.update({
      concurrency: { video: 5 },
      budgetCapUsd: 25,
      budgetCapPeriod: 'month',
      theme: 'dark',
      folderLayout: 'flatten',
    });
    expect(result.ok).toBe(true);
    expect(await readdir(dir)).toEqual(['settings.json']);
    const again = await new SettingsStore(file).load();
    expect(again).toMatchObject({
      concurrency: { watermark: 4, video: 5 },
      budgetCapUsd: 25,
      budgetCapPeriod: 'month',
      theme: 'dark',
      folderLayout: 'flatten',
    });
  });

  it('refuse an invalid change field by field, and leave the file as it was', async () => {
    const store = new SettingsStore(file);
    await store.load();
    await store.update({ theme: 'light' });
    const before = await readFile(file);
    const result = await store.update({
      concurrency: { video: 0 },
      watermarkBaseUrl: 'not a url',
      filenameTemplate: '../{ext}',
      budgetCapUsd: -3,
      pricingTier: 'gold',
      folderLayout: 'sideways',
      budgetCapPeriod: 'weekly',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        'concurrency.video': 'At least 1.',
        watermarkBaseUrl:
          'Enter a full address that starts with https:// (or http:// for a local service).',
        filenameTemplate: 'The file name template may not contain / \\ : * ? " < > |.',
        budgetCapUsd: 'The cap cannot be negative.',
        pricingTier: 'Choose starter or enterprise.',
        folderLayout: 'Choose mirror or flatten.',
        budgetCapPeriod: 'Choose all-time or month.',
      },
    });
    expect((await readFile(file)).equals(before)).toBe(true);
    expect(store.get().theme).toBe('light');
  });

  it("say each refusal in the language set, Zod's own complaints included", async () => {
    const store = new SettingsStore(file);
    await store.load();
    speakCoreIn(() => 'de');
    try {
      const result = await store.update({
        concurrency: { watermark: 2.5, video: 99 },
        budgetCapUsd: -3,
        folderLayout: 'sideways',
        filenameTemplate: '',
        watermarkPixelCap: { megapixels: 0, onExceed: 'downscale' },
      });
      expect(result).toEqual({
        ok: false,
        errors: {
          'concurrency.watermark': 'Geben Sie eine ganze Zahl ein.',
          'concurrency.video': 'Höchstens 20.',
          budgetCapUsd: 'Die Grenze darf nicht negativ sein.',
          folderLayout: 'Wählen Sie mirror oder flatten.',
          filenameTemplate:
            'Die Vorlage für Dateinamen ist leer; geben Sie eine ein, etwa {name}-clean.{ext}, die den Namen des Bildes behält.',
          'watermarkPixelCap.megapixels': 'Muss größer als 0 sein.',
        },
      });
    } finally {
      speakCoreIn(() => 'en');
    }
  });

  it('refuse a template that would give every result the same name, or an unknown token', async () => {
    const store = new SettingsStore(file);
    await store.load();
    expect(await store.update({ filenameTemplate: 'clean.{ext}' })).toMatchObject({
      ok: false,
      errors: { filenameTemplate: expect.stringContaining('{name} or {n}') },
    });
    expect(await store.update({ filenameTemplate: '{name}-{stamp}.{ext}' })).toMatchObject({
      ok: false,
      errors: { filenameTemplate: expect.stringContaining('{stamp}') },
    });
    expect(
      renderFilename('{date}-{name}-{n}.{ext}', {
        name: 'cat',
        ext: 'jpg',
        date: '2026-11-21',
        n: 7,
      }),
    ).toBe('2026-11-21-cat-7.jpg');
  });

  it('keep a corrupt file aside, use the defaults, and say so', async () => {
    await writeFile(file, '{"version": 1, "theme": ');
    const store = new SettingsStore(file);
    expect(await store.load()).toEqual(DEFAULT_SETTINGS);
    expect(store.notice).toMatch(/could not be read.*defaults.*settings\.corrupt-.*\.json/);
    const files = await readdir(dir);
    expect(files.some((name) => /^settings\.corrupt-.*\.json$/.test(name))).toBe(true);
    expect(
      await readFile(
        path.join(dir, files.find((n) => n.startsWith('settings.corrupt')) ?? ''),
        'utf8',
      ),
    ).toBe('{"version": 1, "theme": ');
  });

  it('keep aside a file whose values break the rules, too', async () => {
    await writeFile(file, JSON.stringify({ version: 1, concurrency: { watermark: 500 } }));
    const store = new SettingsStore(file);
    expect(await store.load()).toEqual(DEFAULT_SETTINGS);
    expect(store.notice).toMatch(/concurrency\.watermark: At most 32/);
  });

  it('migrate the unversioned first format', async () => {
    await writeFile(file, JSON.stringify({ outputTemplate: '{n}-{name}.{ext}', theme: 'dark' }));
    const settings = await new SettingsStore(file).load();
    expect(settings).toMatchObject({
      version: 1,
      filenameTemplate: '{n}-{name}.{ext}',
      theme: 'dark',
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      version: 1,
      filenameTemplate: '{n}-{name}.{ext}',
    });
  });
});
