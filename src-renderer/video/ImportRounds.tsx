import { useState, type ChangeEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';
import type { ImportPlanView, VideoProjectView } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useConfirmPaid } from './ConfirmPaid.tsx';

/** "about 8.58 USD", or "up to …" when an Auto round's length is the model's to pick. */
function costWords(intl: Formatter, cents: number, upperBound: boolean): string {
  return intl.formatMessage(
    { id: upperBound ? 'import.costUpTo' : 'import.costAbout' },
    { cost: formatMoney(intl, cents) },
  );
}

/** The rounds a file would queue, each with its shot and cost, or every rule a row breaks. */
function PlanTable(props: { plan: ImportPlanView }) {
  const intl = useIntl();
  const { plan } = props;
  if (plan.problems.length > 0) {
    return (
      <div role="alert" className="import-problems">
        <p>{intl.formatMessage({ id: 'import.problems' }, { name: plan.name })}</p>
        <ul data-testid="import-problems">
          {plan.problems.map((problem, i) => (
            <li key={i}>
              <FormattedMessage
                id="import.problem"
                values={{
                  label: problem.label,
                  message: problem.message,
                  strong: (words: ReactNode[]) => <strong>{words}</strong>,
                }}
              />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="import-table">
      <table data-testid="import-rounds">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'import.row' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'import.shot' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'import.kind' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'import.prompt' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'import.cost' })}</th>
          </tr>
        </thead>
        <tbody>
          {plan.rounds.map((round) => (
            <tr key={round.label}>
              <td>{round.label}</td>
              <td>{round.shot}</td>
              <td>{round.kind}</td>
              <td>
                {round.prompt}
                {round.notes.map((note) => (
                  <span key={note} className="hint import-note">
                    {note}
                  </span>
                ))}
              </td>
              <td>{costWords(intl, round.cents, round.upperBound)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Import rounds…": a CSV or JSON file of rounds, every row checked by the round editor's
 * rules in main, the rows shown with their shots and costs (or the rules they break), and the
 * total asked about once more before anything is queued.
 */
export function ImportRounds(props: {
  project: VideoProjectView;
  onClose: () => void;
  onQueued: (message: string) => void;
}) {
  const intl = useIntl();
  const { project } = props;
  const [file, setFile] = useState<string | null>(null);
  const [plan, setPlan] = useState<ImportPlanView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const { ask, prompt } = useConfirmPaid();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setPlan(null);
    setError(null);
    const path = bridge().pathForFile(chosen);
    if (!path) {
      return setError(intl.formatMessage({ id: 'import.noPath' }, { name: chosen.name }));
    }
    setFile(path);
    setReading(true);
    const result = await bridge().invoke('video:planImport', { path, projectId: project.id });
    setReading(false);
    if (result.ok) setPlan(result.value);
    else setError(result.error.message);
  };

  const queue = async () => {
    if (!file || !plan) return;
    const result = await bridge().invoke('video:importRounds', {
      path: file,
      projectId: project.id,
      count: plan.rounds.length,
      totalCents: plan.totalCents,
    });
    if (!result.ok) return setError(result.error.message);
    props.onQueued(
      intl.formatMessage(
        { id: 'import.queued' },
        { count: result.value.roundIds.length, name: plan.name, project: project.name },
      ),
    );
    props.onClose();
  };

  const count = plan?.rounds.length ?? 0;
  const ready = plan !== null && plan.problems.length === 0 && count > 0;
  const total = plan ? costWords(intl, plan.totalCents, plan.upperBound) : '';
  return (
    <Dialog
      label={intl.formatMessage({ id: 'import.title' })}
      className="import-modal"
      onEscape={props.onClose}
    >
      <section className="confirm-box import-rounds">
        <h2>{intl.formatMessage({ id: 'import.heading' }, { project: project.name })}</h2>
        <p className="hint">{intl.formatMessage({ id: 'import.about' })}</p>
        <label className="import-file">
          {intl.formatMessage({ id: 'import.file' })}
          <input type="file" accept=".csv,.json" onChange={(event) => void choose(event)} />
        </label>
        {reading && <p role="status">{intl.formatMessage({ id: 'import.checking' })}</p>}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {plan && <PlanTable plan={plan} />}
        {ready && (
          <p data-testid="import-total">
            {intl.formatMessage({ id: 'import.total' }, { count, total })}
          </p>
        )}
        <div className="actions">
          <span className="spacer" />
          <Button variant="ghost" onClick={props.onClose}>
            {intl.formatMessage({ id: 'import.close' })}
          </Button>
          {ready && plan && (
            <Button
              variant="primary"
              onClick={() =>
                ask({
                  what: intl.formatMessage({ id: 'import.queueWhat' }, { count, name: plan.name }),
                  cents: plan.totalCents,
                  upperBound: plan.upperBound,
                  send: queue,
                })
              }
            >
              {intl.formatMessage({ id: 'import.queue' }, { count, total })}
            </Button>
          )}
        </div>
        {prompt}
      </section>
    </Dialog>
  );
}
