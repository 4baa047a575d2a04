import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WatermarkJobView } from '../../../src-shared/ipc/contract.ts';
import { JobEventBatcher } from '../../../src-main/core/app/event-batcher.ts';
import { parsePreviewPath } from '../../../src-main/core/app/preview.ts';
import { menuTemplate } from '../../../src-main/electron/menu-template.ts';
import { shellWords, type Words } from '../../../src-main/core/i18n/words.ts';
import type { LanguageSetting } from '../../../src-shared/i18n/languages.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';
import { parseSavedBounds, restoreBounds } from '../../../src-main/electron/window-state.ts';
import { jobView } from '../../support/job-view.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('job event batching', () => {
  it('sends at most one message per interval with the newest view of each job', () => {
    vi.useFakeTimers();
    const sent: WatermarkJobView[][] = [];
    const batcher = new JobEventBatcher((jobs) => sent.push(jobs), 250);
    for (let seq = 1; seq <= 7; seq += 1) {
      batcher.push(jobView('a', seq, seq === 7 ? 'done' : 'processing'));
      batcher.push(jobView('b', seq, 'processing'));
    }
    batcher.push(jobView('a', 3, 'processing'));
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.map((job) => [job.id, job.seq, job.state])).toEqual([
      ['a', 7, 'done'],
      ['b', 7, 'processing'],
    ]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    batcher.push(jobView('b', 8, 'done'));
    batcher.dispose();
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
  });
});

describe('preview paths', () => {
  it('name a job or a staged file and a side, and nothing else', () => {
    const id = '0b7c6f1e-2f7a-4b8e-9a51-0d1c2b3a4f5e';
    expect(parsePreviewPath(`job/${id}/input`)).toEqual({ kind: 'job', jobId: id, side: 'input' });
    expect(parsePreviewPath(`/job/${id}/output`)).toEqual({
      kind: 'job',
      jobId: id,
      side: 'output',
    });
    expect(parsePreviewPath(`/job/${id}/thumb`)).toEqual({ kind: 'job', jobId: id, side: 'thumb' });
    expect(parsePreviewPath(`staged/${id}`)).toEqual({ kind: 'staged', token: id, side: 'input' });
    expect(parsePreviewPath(`staged/${id}/thumb`)).toEqual({
      kind: 'staged',
      token: id,
      side: 'thumb',
    });
    expect(parsePreviewPath(`mask/${id}`)).toEqual({ kind: 'mask', token: id });
    expect(parsePreviewPath(`round/${id}/video`)).toEqual({
      kind: 'round',
      roundId: id,
      side: 'video',
    });
    expect(parsePreviewPath(`round/${id}/last-frame`)).toEqual({
      kind: 'round',
      roundId: id,
      side: 'last-frame',
    });
    expect(parsePreviewPath(`film/${id}`)).toEqual({ kind: 'film', filmId: id });
    for (const bad of [
      `job/${id}/../../etc/passwd`,
      `/etc/passwd`,
      `job/${id}/mask`,
      `job/${id}/input/x`,
      `${id}/input`,
      `staged/${id}/input`,
      `staged/../${id}`,
      `round/${id}/sidecar`,
      `mask/${id}/x`,
      `film/${id}/x`,
      `film/../${id}`,
      '',
    ]) {
      expect(parsePreviewPath(bad)).toBeUndefined();
    }
  });
});

describe('window state', () => {
  const display = { x: 0, y: 0, width: 1920, height: 1080 };
  const fallback = { width: 1280, height: 820 };
  const min = { width: 880, height: 560 };

  it('restores the saved place when it is on a display, and only the size when it is not', () => {
    const saved = parseSavedBounds(JSON.stringify({ x: 100, y: 80, width: 1000, height: 700 }));
    expect(restoreBounds(saved, [display], fallback, min)).toEqual({
      x: 100,
      y: 80,
      width: 1000,
      height: 700,
    });
    const offScreen = { x: 2500, y: 80, width: 1000, height: 700 };
    expect(restoreBounds(offScreen, [display], fallback, min)).toEqual({
      width: 1000,
      height: 700,
    });
    expect(
      restoreBounds({ x: 10, y: 10, width: 200, height: 100 }, [display], fallback, min),
    ).toEqual({
      x: 10,
      y: 10,
      width: 880,
      height: 560,
    });
  });

  it('falls back to the default size for a missing or damaged file', () => {
    for (const text of [undefined, '', '{not json', '{"width":"wide","height":2}', '{"x":1}']) {
      expect(restoreBounds(parseSavedBounds(text), [display], fallback, min)).toEqual(fallback);
    }
  });
});

describe('menus', () => {
  it('use the standard roles, with the app menu first on macOS only, and offer update checks', () => {
    const noop = () => undefined;
    const handlers = {
      openLogsFolder: noop,
      openHelp: noop,
      checkForUpdates: noop,
      words: shellWords(() => 'en', []),
    };
    const mac = menuTemplate({ platform: 'darwin', ...handlers });
    const linux = menuTemplate({ platform: 'linux', ...handlers });
    const appMenu = mac[0]?.submenu as Array<{ role?: string; label?: string }>;
    expect(mac[0]?.label).toBe('Clearframe');
    expect(appMenu.map((item) => item.role ?? item.label)).toContain('Check for Updates…');
    expect(appMenu.at(-1)).toEqual({ role: 'quit' });
    const help = linux.at(-1)?.submenu as Array<{ label?: string }>;
    expect(help.map((item) => item.label)).toEqual(['Clearframe Help', 'Check for Updates…']);
    expect(linux.map((item) => item.role ?? item.label)).toEqual([
      'File',
      'editMenu',
      'viewMenu',
      'windowMenu',
      'help',
    ]);
    const file = linux[0]?.submenu as Array<{ role?: string }>;
    expect(file.at(-1)).toEqual({ role: 'quit' });
  });

  it('speak the language setting, else the system’s first language Clearframe has', () => {
    const noop = () => undefined;
    const labels = (words: Words) =>
      menuTemplate({
        platform: 'linux',
        openLogsFolder: noop,
        openHelp: noop,
        checkForUpdates: noop,
        words,
      }).map((item) => item.label ?? item.role);
    let setting: LanguageSetting = 'de';
    const words = shellWords(() => setting, ['ko-KR', 'ja-JP']);
    expect(labels(words)[0]).toBe('Datei');
    setting = 'system';
    expect(labels(words)[0]).toBe('ファイル');
    setting = 'en-XA';
    expect(labels(words)[0]).toBe(textIntl('en-XA').formatMessage({ id: 'main.menu.file' }));
  });
});
