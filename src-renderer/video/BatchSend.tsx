import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { estimateVideoCost, type PricingTier } from '../../src-shared/domain/pricing.ts';
import { formatMoney } from '../../src-shared/i18n/formats.ts';
import { PaidQuestion } from '../components/PaidQuestion.tsx';
import { batchLine } from './BatchList.tsx';
import { requestOf, type RoundDraft } from './presets.ts';

/**
 * The foot of the round editor: add the form's round to the batch, or review what would be
 * sent. Reviewing lists every round with its cost and the total, and only "Confirm and send"
 * sends; the question is brought into view, so it is never below the window's edge. The
 * review button carries what would be sent's cost, so the price is read before the click.
 */
export function BatchSend(props: {
  /** The rounds that would be sent: the batch, then the form's round when it is complete. */
  rounds: readonly RoundDraft[];
  tier: PricingTier;
  /** The form's round is complete and can join the batch. */
  formComplete: boolean;
  /** The form holds a round begun and not complete: it is not sent, and stays in the form. */
  formLeftOut: boolean;
  confirming: boolean;
  onAdd: () => void;
  onReview: () => void;
  onSend: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const question = useRef<HTMLDivElement>(null);
  // The question comes into view with its answer focused: Enter, pressed again, sends.
  useEffect(() => {
    if (!props.confirming) return;
    question.current?.scrollIntoView({ block: 'nearest' });
    question.current?.querySelector<HTMLButtonElement>('.confirm-paid .btn-primary')?.focus();
  }, [props.confirming]);
  const estimates = props.rounds.map((draft) =>
    estimateVideoCost(requestOf(draft).duration, props.tier),
  );
  const total = estimates.reduce((sum, estimate) => sum + estimate.cents, 0);
  const upperBound = estimates.some((estimate) => estimate.upperBound);
  return (
    <div className="actions batch-send">
      <button type="button" disabled={!props.formComplete} onClick={props.onAdd}>
        {intl.formatMessage({ id: 'round.addToBatch' })}
      </button>
      <span className="spacer" />
      {!props.confirming ? (
        <button
          type="button"
          className="primary"
          disabled={props.rounds.length === 0}
          onClick={props.onReview}
        >
          {props.rounds.length === 0
            ? intl.formatMessage({ id: 'round.review' })
            : intl.formatMessage(
                { id: upperBound ? 'round.sendUpTo' : 'round.sendAbout' },
                { cost: formatMoney(intl, total) },
              )}
        </button>
      ) : (
        <div className="batch-confirm" ref={question} data-testid="batch-confirm">
          <ol className="batch-list" aria-label={intl.formatMessage({ id: 'round.toSend' })}>
            {props.rounds.map((draft, index) => (
              <li key={index} data-testid="confirm-round">
                {batchLine(intl, draft, props.tier, index + 1)}
              </li>
            ))}
          </ol>
          {props.formLeftOut && (
            <p className="hint" data-testid="form-left-out">
              {intl.formatMessage({ id: 'round.formNotSent' })}
            </p>
          )}
          <PaidQuestion
            label={intl.formatMessage({ id: 'round.paidLabel' })}
            question={intl.formatMessage(
              { id: upperBound ? 'round.confirmUpTo' : 'round.confirmAbout' },
              { count: props.rounds.length, cost: formatMoney(intl, total) },
            )}
            onConfirm={props.onSend}
            onBack={props.onBack}
          />
        </div>
      )}
    </div>
  );
}
