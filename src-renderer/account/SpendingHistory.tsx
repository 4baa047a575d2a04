import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Download, X } from 'lucide-react';
import { SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import type {
  SpendingHistory as History,
  SpendingFilter,
  SpendingLine,
} from '../../src-shared/ipc/contract.ts';
import type { IpcResult } from '../../src-shared/ipc/result.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';
import { bridge } from '../bridge.ts';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';
import { formatMonth } from '../../src-shared/i18n/formats.ts';
import { spendingStatus, spendingSum } from './spending-words.ts';

/** Charges a page shows; "Show more" asks for the next. */
const PAGE = 50;

/** The table's columns: when it was sent, which round, how long, and what it cost. */
const COLUMNS: readonly MessageId[] = [
  'spending.head.sent',
  'spending.head.round',
  'spending.head.length',
  'spending.head.cost',
];

/** The seconds the service reported × the price a second, or a dash until it says. */
function lengthWords(intl: Formatter, line: SpendingLine): string {
  if (line.seconds === null) return '—';
  const price =
    line.pricePerSecondUsd === null
      ? '?'
      : formatMoney(intl, Math.round(line.pricePerSecondUsd * 100));
  return intl.formatMessage({ id: 'spending.length' }, { seconds: line.seconds, price });
}

function ChargeRow(props: { line: SpendingLine; showProject: boolean }) {
  const intl = useIntl();
  const { line } = props;
  return (
    <tr data-testid="spending-line" data-status={line.status}>
      <td className="spending-when">
        {/* The day over the time: the column is narrow, and a day and time in one line may not fit. */}
        {intl.formatDate(line.at, { dateStyle: 'medium' })}
        <br />
        {intl.formatDate(line.at, { timeStyle: 'short' })}
      </td>
      <td className="spending-round">
        <span>
          {props.showProject && <strong>{line.project} · </strong>}
          <FormattedMessage
            id="spending.place"
            values={{
              shot: line.shot,
              round: line.round,
              attempt: line.attempt ?? 1,
              retried: String(line.attempt !== null && line.attempt > 1),
            }}
          />
          {line.removed && (
            <span className="hint">
              {' · '}
              <FormattedMessage id="spending.removed" />
            </span>
          )}
        </span>
        <span className="spending-prompt">
          {line.prompt || (
            <em>
              <FormattedMessage id="spending.promptUnknown" />
            </em>
          )}
        </span>
      </td>
      <td
        className="spending-length"
        title={intl.formatMessage({
          id: line.seconds === null ? 'spending.lengthUnknownHint' : 'spending.lengthHint',
        })}
      >
        {lengthWords(intl, line)}
      </td>
      <td className="spending-usd">
        <span className={line.demo ? 'demo-cost' : undefined}>{formatMoney(intl, line.cents)}</span>
        <span className="hint">{spendingStatus(intl, line)}</span>
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
  const intl = useIntl();
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
        intl.formatMessage(
          { id: result.value.demo > 0 ? 'spending.savedWithDemo' : 'spending.saved' },
          { count: result.value.count, demo: result.value.demo, path: result.value.path },
        ),
      );
    }
  };

  const months = [
    { value: '', label: intl.formatMessage({ id: 'spending.allMonths' }) },
    ...(history?.byMonth ?? []).map((row) => ({
      value: row.month,
      label: intl.formatMessage(
        { id: 'spending.monthChoice' },
        {
          month: formatMonth(intl, row.month),
          amount: formatMoney(intl, row.spentCents + row.inFlightCents),
        },
      ),
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
          <FormattedMessage id="spending.month" />{' '}
          <Select
            value={month}
            options={months}
            onChange={(event) => setMonth(event.target.value)}
          />
        </label>
        <Button icon={Download} onClick={() => void exportCsv()} disabled={!history}>
          <FormattedMessage id="spending.export" />
        </Button>
        {props.onClose && (
          <Button variant="ghost" icon={X} onClick={props.onClose}>
            <FormattedMessage id="spending.close" />
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
          <FormattedMessage
            id={month ? 'spending.totalsInMonth' : 'spending.totals'}
            values={{
              month: month ? formatMonth(intl, month) : '',
              sum: spendingSum(intl, history.totals),
            }}
          />
        </p>
      )}
      <p className="hint">
        <FormattedMessage id="spending.about" />
      </p>
      {!projectId && history && history.byProject.length > 1 && (
        <ul className="spending-projects" data-testid="spending-projects">
          {history.byProject.map((row) => (
            <li key={row.projectId}>
              <FormattedMessage
                id="spending.project"
                values={{
                  project: row.project,
                  removed: String(row.removed),
                  sum: spendingSum(intl, row),
                  b: (chunks) => <strong>{chunks}</strong>,
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {history && lines.length === 0 ? (
        <p>
          <FormattedMessage
            id={month ? 'spending.nothingInMonth' : 'spending.nothing'}
            values={{ month: month ? formatMonth(intl, month) : '' }}
          />
        </p>
      ) : (
        <div className="spending-table">
          <table>
            <thead>
              <tr>
                {COLUMNS.map((id) => (
                  <th key={id} scope="col">
                    <FormattedMessage id={id} />
                  </th>
                ))}
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
          <FormattedMessage id="spending.more" />
        </Button>
      )}
      {note && <p role="status">{note}</p>}
    </section>
  );
}
