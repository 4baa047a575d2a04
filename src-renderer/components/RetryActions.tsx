import { useState } from 'react';
import { useIntl } from 'react-intl';
import { RETRYABLE_STATES, type JobState } from '../../src-shared/domain/job-states.ts';
import { Button } from '../ui/Button.tsx';
import { PaidQuestion } from './PaidQuestion.tsx';

/**
 * What a settled job or round offers. One that holds a task id is asked again for free
 * ("Check again"), and paying again is a separate action that says what it costs and asks
 * once before anything is sent. One the service may already have (its sending was cut off)
 * is sent again only with that confirmation; any other was never taken by the service, so
 * Retry simply sends it, for the cost it shows.
 */
export function RetryActions(props: {
  state: JobState;
  checkAgain: boolean;
  /** What one more attempt costs: "1 credit", "2.20 USD". */
  cost: string;
  name: string;
  onRetry: () => void;
  onSendAgain: () => void;
  /** False for a job whose stored request must not be paid for as it is (only the free check stays). */
  payable?: boolean;
  /**
   * The screen's own question before a paid request, when it has one (the video workspace
   * asks every paid action the same way); it is then asked before a plain Retry too, which
   * pays for a job the service never took. Without it the row asks inline, for Send again.
   */
  ask?: (what: string, send: () => void) => void;
}) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const payable = props.payable ?? true;
  const { ask, name, cost } = props;
  const what = intl.formatMessage({ id: 'retry.what' }, { name });
  const confirmSendAgain = ask ? () => ask(what, props.onSendAgain) : () => setAsking(true);
  if (asking) {
    return (
      <PaidQuestion
        label={intl.formatMessage({ id: 'retry.confirmLabel' }, { name })}
        question={intl.formatMessage({ id: 'retry.question' }, { cost })}
        onConfirm={() => {
          setAsking(false);
          props.onSendAgain();
        }}
        onBack={() => setAsking(false)}
      />
    );
  }
  const sendAgain = payable && (
    <Button onClick={confirmSendAgain}>
      {intl.formatMessage({ id: 'retry.sendAgain' }, { cost })}
    </Button>
  );
  if (props.checkAgain) {
    return (
      <>
        <Button onClick={props.onRetry} title={intl.formatMessage({ id: 'retry.checkAgainHint' })}>
          {intl.formatMessage({ id: 'retry.checkAgain' })}
        </Button>
        {sendAgain}
      </>
    );
  }
  if (props.state === 'needs-attention') return sendAgain;
  if (!payable || !RETRYABLE_STATES.has(props.state)) return null;
  return (
    <Button onClick={ask ? () => ask(what, props.onRetry) : props.onRetry}>
      {intl.formatMessage({ id: 'retry.retry' }, { cost })}
    </Button>
  );
}
