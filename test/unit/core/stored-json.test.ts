import { describe, expect, it } from 'vitest';
import { lockOwnerSchema } from '../../../src-main/core/fs/data-folder-lock.ts';
import { readStoredError } from '../../../src-main/core/jobs/lifecycle/outcome.ts';
import { DAMAGED_RECORD, readStoredJson } from '../../../src-main/core/jobs/store/stored-json.ts';
import { shownError } from '../../../src-main/core/jobs/store/damaged-record.ts';
import { eventDetailSchema, waitOf } from '../../../src-main/core/jobs/store/job-tables.ts';
import {
  damagedRoundError,
  readRoundOutputs,
  readRoundRequest,
} from '../../../src-main/core/jobs/video/video-rounds.ts';
import {
  damagedJobError,
  readWatermarkRecord,
} from '../../../src-main/core/jobs/watermark/watermark-record.ts';
import { outputOutcomeSchema, provenanceLineSchema } from '../../../src-main/core/media/output.ts';

describe('reading stored JSON back', () => {
  it('gives the value, or a problem naming the column and what is wrong, and never throws', () => {
    expect(readWatermarkRecord({ options_json: '{"bytes":12}', mask_json: null })).toEqual({
      ok: true,
      value: { options: { bytes: 12 }, strokes: undefined },
    });

    const notJson = readWatermarkRecord({ options_json: '{"bytes":', mask_json: null });
    expect(notJson).toMatchObject({
      ok: false,
      problem: { source: 'options_json', kind: 'not-json' },
    });
    if (!notJson.ok) expect(notJson.problem.message).toMatch(/^its options_json is not valid JSON/);

    const wrongShape = readWatermarkRecord({ options_json: '{"bytes":"big"}', mask_json: null });
    expect(wrongShape).toMatchObject({
      ok: false,
      problem: { source: 'options_json', kind: 'wrong-shape' },
    });
    if (!wrongShape.ok) {
      expect(wrongShape.problem.message).toMatch(
        /^its options_json does not hold what Clearframe writes there \(bytes: /,
      );
    }

    const mask = readWatermarkRecord({ options_json: '{}', mask_json: '[{"kind":"blob"}]' });
    expect(mask).toMatchObject({
      ok: false,
      problem: { source: 'mask_json', kind: 'wrong-shape' },
    });
    for (const text of ['null', '"text"', '42', '[]']) expect(readStoredError(text).ok).toBe(false);
  });

  it('reads a NULL column as nothing, not as damage', () => {
    expect(readStoredError(null)).toEqual({ ok: true, value: undefined });
    expect(readRoundOutputs({ outputs_json: null })).toEqual({ ok: true, value: undefined });
  });

  it('turns a problem into the error a job keeps: the column, what is wrong, what to do', () => {
    const read = readWatermarkRecord({ options_json: 'garbage', mask_json: null });
    if (read.ok) throw new Error('garbage read as options');
    const error = damagedJobError(read.problem);
    expect(error.code).toBe(DAMAGED_RECORD);
    expect(error.message).toMatch(
      /^Clearframe's record of this image is damaged: its options_json is not valid JSON \(.+\)\. Nothing more is sent for it: cancel it and add the image again\.$/,
    );
    const request = readRoundRequest({ request_json: '{"content":[]}' });
    if (request.ok) throw new Error('a request without a model read');
    expect(damagedRoundError(request.problem).message).toMatch(
      /record of this round is damaged: its request_json .*\(model: .*write the round again/,
    );
  });

  it('shows the error a row keeps and the first damage among its values, either, or none', () => {
    const kept = readStoredError('{"code":"x","message":"It failed."}');
    const damaged = readRoundOutputs({ outputs_json: '{' });
    expect(shownError(kept, [], damagedRoundError)).toEqual({ code: 'x', message: 'It failed.' });
    expect(shownError(kept, [damaged], damagedRoundError)).toEqual({
      code: 'x',
      message: expect.stringMatching(
        /^It failed\. Clearframe's record of this round is damaged: its outputs_json/,
      ),
    });
    const told = readStoredError(JSON.stringify({ code: DAMAGED_RECORD, message: 'Told.' }));
    expect(shownError(told, [damaged], damagedRoundError)?.message).toBe('Told.');
    expect(shownError(readStoredError(null), [damaged], damagedRoundError)?.message).toMatch(
      /its outputs_json is not valid JSON/,
    );
    expect(shownError(readStoredError('{"message":1}'), [], damagedRoundError)?.message).toMatch(
      /its error_json does not hold/,
    );
    expect(shownError(readStoredError(null), [], damagedRoundError)).toBeNull();
  });
});

describe('values written by earlier versions still read', () => {
  it('options with only the fields that applied, and extra fields, read', () => {
    for (const options_json of ['{}', '{"maskFile":"/m.png"}', '{"root":"/r","legacy":true}'])
      expect(readWatermarkRecord({ options_json, mask_json: null }).ok).toBe(true);
  });

  it('outputs from before clip addresses were kept read', () => {
    expect(readRoundOutputs({ outputs_json: '{"videos":["/a.mp4"],"sidecar":"/a.json"}' })).toEqual(
      { ok: true, value: { videos: ['/a.mp4'], sidecar: '/a.json' } },
    );
  });

  it('a request with fields this version does not know keeps them', () => {
    const read = readRoundRequest({
      request_json: '{"model":"m","content":[{"type":"text","text":"t"}],"seed":7}',
    });
    expect(read).toMatchObject({ ok: true, value: { model: 'm', seed: 7 } });
  });

  it('errors, event details, markers, lock files and provenance lines of the first versions read', () => {
    expect(readStoredError('{"code":"Error","message":"m","at":1}')).toEqual({
      ok: true,
      value: { code: 'Error', message: 'm' },
    });
    const detail = readStoredJson(eventDetailSchema, '{"recovered":true}', 'detail_json');
    expect(detail).toEqual({ ok: true, value: { recovered: true } });
    expect(waitOf({ detail: { waiting: { code: 'disk-full', message: 'Full.' } } })).toEqual({
      waiting: { code: 'disk-full', message: 'Full.' },
    });
    expect(waitOf({ detail: { resumed: true } })).toEqual({ resumed: true });
    expect(waitOf({ detail: null })).toBeUndefined();
    expect(readStoredJson(outputOutcomeSchema, '{"written":"/o.png"}', 'written.json')).toEqual({
      ok: true,
      value: { written: '/o.png' },
    });
    expect(
      readStoredJson(lockOwnerSchema, '{"pid":4,"kind":"app","startedAt":1}', 'clearframe.lock'),
    ).toMatchObject({ ok: true });
    // The first provenance lines had no hashes.
    const line = {
      source: '/in.png',
      output: '/out.png',
      service: 'watermark',
      taskId: 't',
      attempt: 1,
      mask: 'none',
      queuedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:01.000Z',
    };
    expect(readStoredJson(provenanceLineSchema, JSON.stringify(line), 'log').ok).toBe(true);
  });
});
