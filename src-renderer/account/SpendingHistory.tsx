import { useCallback, useEffect, useState } from 'react';
import { Download, X } from 'lucide-react';
import {
  formatUsd,
  spendingStatusWords,
  spendingSumWords,
} from '../../src-shared/domain/budget.ts';
import { localMinute, monthWords } from '../../src-shared/domain/calendar-month.ts';
import { SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import type {
  SpendingHistory as History,
  SpendingFilter,
  SpendingLine,
} from '../../src-shared/ipc/contract.ts';
import type { IpcResult } from '../../src-shared/ipc/result.ts';
import { bridge } from '../bridge.ts';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';

/** Charges a page shows; "Show more" asks for the next. */
const PAGE = 50;

function lengthWords(line: SpendingLine): string {
  if (line.seconds === null) return '—';
  return `${line.seconds} s × ${line.pricePerSecondUsd ?? '?'} USD`;
}

function ChargeRow(props: { line: SpendingLine; showProject: boolean }) {
  const { line } = props;
  return (
    <tr data-testid="spending-line" data-status={line.status}>
      <td className="spending-when">{localMinute(line.at)}</td>
      <td className="spending-round">
        <span>
          {props.showProject && <strong>{line.project} · </strong>}
          shot {line.shot}, round {line.round}
          {line.attempt !== null && line.attempt > 1 && ` (try ${line.attempt})`}
          {line.removed && <span className="hint"> · removed from the list</span>}
        </span>
        <span className="spending-prompt">
          {line.prompt || <em>prompt not known (added from the service)</em>}
        </span>
      </td>
      <td
        className="spending-length"
        title={
          line.seconds === null
            ? 'The service has not said how long the clip is, so the estimate stands in.'
            : 'The length the service reported, at the price per second it was charged.'
        }
      >
        {lengthWords(line)}
      </td>
      <td className="spending-usd">
        <span className={line.demo ? 'demo-cost' : undefined}>{formatUsd(line.cents)}</span>
        <span className="hint">{spendingStatusWords(line)}</span>
      </td>
    </tr>
  );
}

/**
 * The spending history: every round the service may have billed, newest first, from the job
 * database a page at a time, with the month to look at, the sums of what is shown, and the
 * same as a CSV file. With `projectId` it covers one project; without, every project, with
 * each project's share of the month.
 */
export function SpendingHistory(props: {
  projectId?: string;
  title: string;
  className?: string;
  onClose?: () => void;
}) {
  const [month, setMonth] = useState('');
  const [history, setHistory] = useState<History | null>(null);
  const [lines, setLines] = useState<SpendingLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { projectId } = props;
  const filter: SpendingFilter = {
    ...(projectId ? { projectId } : {}),
    ...(month ? { month } : {}),
  };
  const filterKey = JSON.stringify(filter);

  const apply = useCallback((result: IpcResult<History>, offset: number) => {
    if (!result.ok) return setError(result.error.message);
    setError(null);
    setHistory(result.value);
    setLines((shown) =>
      offset === 0 ? result.value.lines : [...shown.slice(0, offset), ...result.value.lines],
    );
  }, []);
  const page = (offset: number) =>
    bridge().invoke('video:spending', { ...filter, limit: PAGE, offset });
  useEffect(() => {
    let live = true;
    const asked = JSON.parse(filterKey) as SpendingFilter;
    const first = () =>
      void bridge()
        .invoke('video:spending', { ...asked, limit: PAGE, offset: 0 })
        .then((result) => live && apply(result, 0));
    first();
    // A round that settles may have been charged: read the first page again.
    const stop = bridge().on('video:changed', ({ rounds }) => {
      if (rounds.some((round) => SETTLED_STATES.has(round.state))) first();
    });
    return () => {
      live = false;
      stop();
    };
  }, [filterKey, apply]);

  const exportCsv = async () => {
    const result = await bridge().invoke('video:exportSpending', filter);
    if (!result.ok) return setNote(result.error.message);
    if (result.value.path) {
      setNote(
        `Saved ${result.value.count} charge${result.value.count === 1 ? '' : 's'} as ${result.value.path}`,
      );
    }
  };

  const months = [
    { value: '', label: 'All months' },
    ...(history?.byMonth ?? []).map((row) => ({
      value: row.month,
      label: `${monthWords(row.month)} · ${formatUsd(row.spentCents + row.inFlightCents)}`,
    })),
  ];
  const titleId = `spending-title${projectId ? `-${projectId}` : ''}`;
  return (
    <section
      className={`spending${props.className ? ` ${props.className}` : ''}`}
      aria-labelledby={titleId}
    >
      <div className="spending-head">
        <h2 id={titleId}>{props.title}</h2>
        <label className="spending-month">
          Month{' '}
          <Select
            value={month}
            options={months}
            onChange={(event) => setMonth(event.target.value)}
          />
        </label>
        <Button icon={Download} onClick={() => void exportCsv()} disabled={!history}>
          Export CSV…
        </Button>
        {props.onClose && (
          <Button variant="ghost" icon={X} onClick={props.onClose}>
            Close
          </Button>
        )}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {history && (
        <p data-testid="spending-totals">
          {month ? `${monthWords(month)}: ` : 'In all: '}
          {spendingSumWords(history.totals)}.
        </p>
      )}
      <p className="hint">
        Each round the service may have billed: its charge (the seconds the service reported × the
        price per second) or, until the service says, its estimate. Months are this computer&apos;s
        calendar months. Demo rounds show what they would cost and count for nothing.
      </p>
      {!projectId && history && history.byProject.length > 1 && (
        <ul className="spending-projects" data-testid="spending-projects">
          {history.byProject.map((row) => (
            <li key={row.projectId}>
              <strong>{row.project}</strong>
              {row.removed && ' (removed)'}: {spendingSumWords(row)}
            </li>
          ))}
        </ul>
      )}
      {history && lines.length === 0 ? (
        <p>Nothing was sent to the service{month ? ` in ${monthWords(month)}` : ''}.</p>
      ) : (
        <div className="spending-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">Round</th>
                <th scope="col">Length</th>
                <th scope="col">Cost</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <ChargeRow
                  key={`${line.roundId}-${line.attempt ?? 'earlier'}`}
                  line={line}
                  showProject={!projectId}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history?.next != null && (
        <Button
          onClick={() => {
            const offset = history.next ?? lines.length;
            void page(offset).then((result) => apply(result, offset));
          }}
        >
          Show more
        </Button>
      )}
      {note && <p role="status">{note}</p>}
    </section>
  );
}
