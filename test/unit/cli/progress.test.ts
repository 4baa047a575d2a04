import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Progress } from '../../../src-main/cli/progress.ts';
import type { JobEvent } from '../../../src-main/core/jobs/store/job-tables.ts';

function stream(isTTY: boolean): { out: NodeJS.WriteStream; text: () => string } {
  let text = '';
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  out.isTTY = isTTY;
  return { out, text: () => text };
}

describe('command-line progress', () => {
  it('draws a bar redrawn in place on a terminal, with a line per finished item', () => {
    const { out, text } = stream(true);
    const progress = new Progress({ total: 4, json: false, label: 'Cleaning', out });
    progress.finished(true, 'done a.png', {});
    progress.finished(false, 'failed b.png: damaged', {});
    progress.end();
    expect(text()).toContain('Cleaning [------------------------------] 0/4');
    expect(text()).toContain('[1/4] done a.png\n');
    expect(text()).toContain('Cleaning [###############---------------] 2/4, 1 failed');
    expect(text().endsWith('\r\x1b[2K')).toBe(true);
  });

  it('prints plain lines in a pipe and JSON records with --json', () => {
    const pipe = stream(false);
    const plain = new Progress({ total: 2, json: false, label: 'Cleaning', out: pipe.out });
    plain.finished(true, 'done a.png', {});
    expect(pipe.text()).toBe('[1/2] done a.png\n');
    const json = stream(true);
    const records = new Progress({ total: 2, json: true, label: 'Cleaning', out: json.out });
    records.finished(true, 'done a.png', { input: 'a.png', state: 'done' });
    expect(JSON.parse(json.text())).toEqual({ input: 'a.png', state: 'done' });
  });

  it('says once that jobs wait for disk space, and once that they go on, above the bar', () => {
    const full = { code: 'disk-full', message: 'The disk holding /mnt/out is full. Free some.' };
    const event = (jobId: string, detail: unknown): JobEvent => ({
      jobId,
      kind: 'watermark',
      seq: 2,
      state: 'downloading',
      at: 0,
      detail,
    });
    const tty = stream(true);
    const progress = new Progress({ total: 2, json: false, label: 'Cleaning', out: tty.out });
    progress.noteWait(event('a', { waiting: full }));
    progress.noteWait(event('b', { waiting: full }));
    progress.noteWait(event('a', { resumed: true }));
    progress.noteWait(event('b', { polls: 3 }));
    expect(tty.text().match(/waiting: /g)).toHaveLength(1);
    expect(tty.text()).toContain(
      '\r\x1b[2Kwaiting: The disk holding /mnt/out is full. Free some. Ctrl+C stops here and keeps every job for the next run.\n\r\x1b[2KCleaning [',
    );
    expect(tty.text()).not.toContain('going on');
    progress.noteWait(event('b', { resumed: true }));
    expect(tty.text()).toContain('going on: there is room on the disk again.\n');

    const json = stream(false);
    const records = new Progress({ total: 1, json: true, label: 'Cleaning', out: json.out });
    records.noteWait(event('a', { waiting: full }));
    records.noteWait(event('a', { resumed: true }));
    expect(
      json
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ event: 'waiting', message: full.message }, { event: 'resumed' }]);
  });
});
