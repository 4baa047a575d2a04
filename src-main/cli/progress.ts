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
    if (this.mode === 'json') {
      this.out.write(`${JSON.stringify(record)}\n`);
      return;
    }
    const count = `[${this.done + this.failed}/${this.total}]`;
    if (this.mode === 'bar') this.out.write('\r\x1b[2K');
    this.out.write(`${count} ${line}\n`);
    this.draw();
  }

  /** Clears the bar so the summary starts on a clean line. */
  end(): void {
    if (this.mode === 'bar') this.out.write('\r\x1b[2K');
  }

  private draw(): void {
    if (this.mode !== 'bar') return;
    const width = 30;
    const settled = this.done + this.failed;
    const filled = this.total === 0 ? width : Math.round((settled / this.total) * width);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
    this.out.write(
      `\r\x1b[2K${this.label} [${bar}] ${settled}/${this.total}${this.failed ? `, ${this.failed} failed` : ''}`,
    );
  }
}
