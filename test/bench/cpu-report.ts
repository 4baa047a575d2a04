/**
 * Loaded with `--import` into a process whose CPU a benchmark measures: on exit, writes the
 * process's user and system CPU seconds to the file `CLEARFRAME_BENCH_CPU_FILE` names.
 */
import { writeFileSync } from 'node:fs';

const file = process.env['CLEARFRAME_BENCH_CPU_FILE'];
if (file) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ seconds: (user + system) / 1e6 }));
  });
}
