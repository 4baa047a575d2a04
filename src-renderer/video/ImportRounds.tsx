import { useState, type ChangeEvent } from 'react';
import { formatUsd } from '../../src-shared/domain/budget.ts';
import type { ImportPlanView, VideoProjectView } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useConfirmPaid } from './ConfirmPaid.tsx';

/** "about 8.58 USD", or "up to …" when an Auto round's length is the model's to pick. */
function costWords(cents: number, upperBound: boolean): string {
  return `${upperBound ? 'up to' : 'about'} ${formatUsd(cents)}`;
}

/** The rounds a file would queue, each with its shot and cost, or every rule a row breaks. */
function PlanTable(props: { plan: ImportPlanView }) {
  const { plan } = props;
  if (plan.problems.length > 0) {
    return (
      <div role="alert" className="import-problems">
        <p>
          Nothing can be queued from {plan.name} until every row passes. Correct these rows and
          choose the file again:
        </p>
        <ul data-testid="import-problems">
          {plan.problems.map((problem, i) => (
            <li key={i}>
              <strong>{problem.label}:</strong> {problem.message}
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
            <th scope="col">Row</th>
            <th scope="col">Shot</th>
            <th scope="col">Kind</th>
            <th scope="col">Prompt</th>
            <th scope="col">Cost</th>
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
              <td>{costWords(round.cents, round.upperBound)}</td>
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
      return setError(
        `Clearframe cannot tell where ${chosen.name} is saved. Save it as a file on this computer, then choose it again.`,
      );
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
      `${result.value.roundIds.length} rounds from ${plan.name} are queued in ${project.name}.`,
    );
    props.onClose();
  };

  const count = plan?.rounds.length ?? 0;
  const ready = plan !== null && plan.problems.length === 0 && count > 0;
  const total = plan ? costWords(plan.totalCents, plan.upperBound) : '';
  return (
    <Dialog label="Import rounds" className="import-modal" onEscape={props.onClose}>
      <section className="confirm-box import-rounds">
        <h2>Import rounds into {project.name}</h2>
        <p className="hint">
          A CSV file (a header row, then one round a row) or a JSON list, with the columns prompt,
          kind, references, duration, ratio and shot. References are written image=…, video=… or
          audio=…, separated by |. Every row is checked before anything is queued.
        </p>
        <label className="import-file">
          CSV or JSON file of rounds
          <input type="file" accept=".csv,.json" onChange={(event) => void choose(event)} />
        </label>
        {reading && <p role="status">Checking every row…</p>}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {plan && <PlanTable plan={plan} />}
        {ready && (
          <p data-testid="import-total">
            {count} round{count === 1 ? '' : 's'}, {total} in all.
          </p>
        )}
        <div className="actions">
          <span className="spacer" />
          <Button variant="ghost" onClick={props.onClose}>
            Close
          </Button>
          {ready && plan && (
            <Button
              variant="primary"
              onClick={() =>
                ask({
                  what: `Queue ${count} round${count === 1 ? '' : 's'} from ${plan.name}`,
                  cents: plan.totalCents,
                  upperBound: plan.upperBound,
                  send: queue,
                })
              }
            >
              Queue {count} round{count === 1 ? '' : 's'} for {total}
            </Button>
          )}
        </div>
        {prompt}
      </section>
    </Dialog>
  );
}
