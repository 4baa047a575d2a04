import { waitOf, type JobEvent } from '../core/jobs/store/job-tables.ts';
import { words } from './words.ts';

/**
 * How a long command reports: on a terminal, one bar redrawn in place with a line above it
 * for each finished item; in a pipe, plain lines; with `--json`, one JSON object per line.
 */
export class Progress {
  private readonly total: number;
  private readonly mode: 'bar' | 'lines' | 'json';
  private readonly out: NodeJS.WriteStream;
  private done = 0;
  private failed = 0;
  private readonly label: string;
  /** Jobs waiting for disk space; the user hears when the first starts and the last ends. */
  private readonly waitingForSpace = new Set<string>();

  constructor(options: { total: number; json: boolean; label: string; out?: NodeJS.WriteStream }) {
    this.out = options.out ?? process.stdout;
    this.total = options.total;
    this.label = options.label;
    this.mode = options.json ? 'json' : this.out.isTTY ? 'bar' : 'lines';
    this.draw();
  }

  /** One finished item: a line for people or a JSON record for scripts. */
  finished(ok: boolean, line: string, record: Record<string, unknown>): void {
    if (ok) this.done += 1;
    else this.failed += 1;
    this.note(`[${this.done + this.failed}/${this.total}] ${line}`, record);
  }

  /** A file that was not taken, said before the work starts. */
  skipped(file: string, reason: string): void {
    this.note(
      `${words('cli.progress.skipped').padEnd(15)} ${words('cli.fileProblem', { file, problem: reason })}`,
      {
        event: 'skipped',
        input: file,
        reason,
      },
    );
  }

  /**
   * A wait for disk space moves no job, so without this line the bar would just stop. It is
   * said once for all the jobs that wait, and once more when the last of them goes on.
   */
  noteWait(event: JobEvent): void {
    const wait = waitOf(event);
    if (!wait) return;
    const before = this.waitingForSpace.size;
    if ('waiting' in wait) {
      this.waitingForSpace.add(event.jobId);
      if (before === 0) {
        this.note(words('cli.progress.waiting', { reason: wait.waiting.message }), {
          event: 'waiting',
          message: wait.waiting.message,
        });
      }
    } else if (this.waitingForSpace.delete(event.jobId) && this.waitingForSpace.size === 0) {
      this.note(words('cli.progress.resumed'), { event: 'resumed' });
    }
  }

  /** Clears the bar so the summary starts on a clean line. */
  end(): void {
    if (this.mode === 'bar') this.out.write('\r\x1b[2K');
  }

  /** A line above the bar for people, or the record alone for scripts. */
  private note(line: string, record: Record<string, unknown>): void {
    if (this.mode === 'json') {
      this.out.write(`${JSON.stringify(record)}\n`);
      return;
    }
    if (this.mode === 'bar') this.out.write('\r\x1b[2K');
    this.out.write(`${line}\n`);
    this.draw();
  }

  private draw(): void {
    if (this.mode !== 'bar') return;
    const width = 30;
    const settled = this.done + this.failed;
    const filled = this.total === 0 ? width : Math.round((settled / this.total) * width);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
    this.out.write(
      `\r\x1b[2K${words('cli.progress.bar', { label: this.label, bar, settled, total: this.total, failed: this.failed })}`,
    );
  }
}
