import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Progress } from '../../../src-main/cli/progress.ts';

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
});
