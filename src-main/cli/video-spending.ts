import path from 'node:path';
import {
  formatUsd,
  spendingStatusWords,
  spendingSumWords,
} from '../../src-shared/domain/budget.ts';
import {
  MONTH_FORMAT_HINT,
  localMinute,
  monthWords,
  parseMonth,
} from '../../src-shared/domain/calendar-month.ts';
import type { SpendingFilter, SpendingLine } from '../../src-shared/ipc/contract.ts';
import { writeSpendingCsv } from '../core/jobs/spending-csv.ts';
import { SpendingFilterError, SpendingLedger } from '../core/jobs/spending-history.ts';
import { UsageError, parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { CliSession, SESSION_OPTIONS } from './session.ts';

const COMMAND = 'video spending';

function lineWords(line: SpendingLine): string {
  const when = localMinute(line.at);
  const length =
    line.seconds === null ? '' : `${line.seconds} s × ${line.pricePerSecondUsd ?? '?'} USD/s = `;
  const prompt = line.prompt ? ` "${line.prompt}"` : '';
  return `${when}  ${line.project}${line.removed ? ' (removed)' : ''}, shot ${line.shot} round ${line.round}${prompt}  ${length}${formatUsd(line.cents)}  ${spendingStatusWords(line)}`;
}

/**
 * `clearframe video spending`: every round the service may have billed, newest first, per
 * month and per project, from the job database; `--csv` writes the same as a file, never
 * over one already there.
 */
export async function runVideoSpending(args: string[]): Promise<number> {
  const { values } = parseCommand(COMMAND, args, {
    options: {
      ...SESSION_OPTIONS,
      project: { type: 'string' },
      month: { type: 'string' },
      csv: { type: 'string' },
    },
  });
  const month = values.month === undefined ? undefined : parseMonth(values.month);
  if (values.month !== undefined && !month) {
    throw new UsageError(COMMAND, `--month ${values.month} is not a month. ${MONTH_FORMAT_HINT}`);
  }
  const filter: SpendingFilter = {
    ...(values.project === undefined ? {} : { projectId: values.project }),
    ...(month === undefined ? {} : { month }),
  };
  const session = await CliSession.open(values);
  try {
    const ledger = new SpendingLedger(session.store);
    let history;
    try {
      history = ledger.history(filter, { limit: 1 });
    } catch (error) {
      if (error instanceof SpendingFilterError) {
        throw new UsageError(
          COMMAND,
          `${error.userMessage} "clearframe video status" lists the projects and their ids.`,
        );
      }
      throw error;
    }
    const lines = [...ledger.lines(filter)];
    const csv = values.csv
      ? await writeSpendingCsv(ledger, filter, path.resolve(values.csv))
      : undefined;
    if (values.json) {
      const { totals, byMonth, byProject } = history;
      console.log(JSON.stringify({ lines, totals, byMonth, byProject, ...(csv ? { csv } : {}) }));
      return EXIT.done;
    }
    const scope = [
      values.project === undefined ? 'every project' : `project ${values.project}`,
      month === undefined ? 'every month' : monthWords(month),
    ].join(', ');
    console.log(`Video spending, ${scope} (months in this computer's time zone):`);
    for (const line of lines) console.log(`  ${lineWords(line)}`);
    if (lines.length === 0) console.log('  nothing was sent to the service.');
    if (month === undefined) {
      console.log('By month:');
      for (const row of history.byMonth)
        console.log(`  ${monthWords(row.month)}: ${spendingSumWords(row)}`);
    }
    if (values.project === undefined) {
      console.log('By project:');
      for (const row of history.byProject) {
        console.log(`  ${row.project}${row.removed ? ' (removed)' : ''}: ${spendingSumWords(row)}`);
      }
    }
    console.log(`Total: ${spendingSumWords(history.totals)}.`);
    if (csv) console.log(`Saved ${csv.count} charges as ${csv.path}`);
    return EXIT.done;
  } finally {
    await session.close();
  }
}
