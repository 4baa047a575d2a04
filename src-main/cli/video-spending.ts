import path from 'node:path';
import { parseMonth } from '../../src-shared/domain/calendar-month.ts';
import { formatMoment, formatMoney } from '../../src-shared/i18n/formats.ts';
import type { SpendingFilter, SpendingLine } from '../../src-shared/ipc/contract.ts';
import { writeSpendingCsv } from '../core/jobs/spending/spending-csv.ts';
import { SpendingFilterError, SpendingLedger } from '../core/jobs/spending/spending-history.ts';
import { UsageError, parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { CliSession, SESSION_OPTIONS } from './session.ts';
import { cliIntl, monthName, words } from './words.ts';

const COMMAND = 'video spending';

const money = (cents: number) => formatMoney(cliIntl(), cents);

/** A project's name, marked when the project was removed since. */
const projectName = (row: { project: string; removed: boolean }) =>
  row.removed ? words('cli.spending.removed', { project: row.project }) : row.project;

/** Where a charge stands: charged, an estimate, or what a demo round would have cost. */
function statusWords(line: SpendingLine): string {
  if (line.status === 'demo') return words('cli.spending.demo');
  if (line.status === 'charged') return words('cli.spending.charged');
  return words(line.status === 'estimated' ? 'cli.spending.estimated' : 'cli.spending.inFlight');
}

/** Spent, in flight, and what demo rounds would have cost, in one phrase. */
function sumWords(sum: { spentCents: number; inFlightCents: number; demoCents: number }): string {
  const values = { spent: money(sum.spentCents), inFlight: money(sum.inFlightCents) };
  return sum.demoCents > 0
    ? words('cli.spending.sumWithDemo', { ...values, demo: money(sum.demoCents) })
    : words('cli.spending.sum', values);
}

function lineWords(line: SpendingLine): string {
  const cost =
    line.seconds === null
      ? money(line.cents)
      : words('cli.spending.length', {
          seconds: line.seconds,
          rate:
            line.pricePerSecondUsd === null ? '?' : cliIntl().formatNumber(line.pricePerSecondUsd),
          cost: money(line.cents),
        });
  return words('cli.spending.line', {
    when: formatMoment(cliIntl(), line.at),
    project: projectName(line),
    shot: line.shot,
    round: line.round,
    prompt: line.prompt ? ` "${line.prompt}"` : '',
    cost,
    status: statusWords(line),
  });
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
    throw new UsageError(
      COMMAND,
      words('cli.spending.badMonth', { month: values.month, hint: words('check.month') }),
    );
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
          words('cli.spending.noProject', { problem: error.userMessage }),
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
    console.log(
      words('cli.spending.head', {
        projects:
          values.project === undefined
            ? words('cli.spending.everyProject')
            : words('cli.spending.project', { id: values.project }),
        months: month === undefined ? words('cli.spending.everyMonth') : monthName(month),
      }),
    );
    for (const line of lines) console.log(`  ${lineWords(line)}`);
    if (lines.length === 0) console.log(`  ${words('cli.spending.nothing')}`);
    const row = (name: string, sum: Parameters<typeof sumWords>[0]) =>
      console.log(`  ${words('cli.spending.row', { name, sum: sumWords(sum) })}`);
    if (month === undefined) {
      console.log(words('cli.spending.byMonth'));
      for (const sum of history.byMonth) row(monthName(sum.month), sum);
    }
    if (values.project === undefined) {
      console.log(words('cli.spending.byProject'));
      for (const sum of history.byProject) row(projectName(sum), sum);
    }
    console.log(words('cli.spending.total', { sum: sumWords(history.totals) }));
    if (csv) {
      const { count, demo, path } = csv;
      console.log(
        words(demo > 0 ? 'cli.spending.savedWithDemo' : 'cli.spending.saved', {
          count,
          demo,
          path,
        }),
      );
    }
    return EXIT.done;
  } finally {
    await session.close();
  }
}
