import { useIntl } from 'react-intl';
import { Button } from '../ui/Button.tsx';

/**
 * The one question every paid action asks before it sends: what it does and what it costs,
 * then "Confirm and send" or "Back". The buttons that open it only ask; this sends. Inside a
 * form whose submit is the send (`submit`), "Confirm and send" submits it instead.
 */
export function PaidQuestion(props: {
  /** The whole question, cost included: "Send round 2 again for about 2.20 USD?" */
  question: string;
  /** Names the group for assistive technology (and tests): "Confirm sending quay-2.png again". */
  label: string;
  sending?: boolean;
  /** The buttons' words where the question is someone else's ("Yes, send", "No"). */
  confirmLabel?: string;
  backLabel?: string;
  /** "Confirm and send" submits the form the question is in, rather than calling `onConfirm`. */
  submit?: boolean;
  onConfirm?: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  return (
    <span className="confirm-paid" role="group" aria-label={props.label}>
      <span data-testid="confirm-paid">{props.question}</span>
      <Button
        type={props.submit ? 'submit' : 'button'}
        variant="primary"
        disabled={props.sending}
        onClick={props.onConfirm}
      >
        {props.confirmLabel ?? intl.formatMessage({ id: 'paid.confirm' })}
      </Button>
      <Button variant="ghost" onClick={props.onBack}>
        {props.backLabel ?? intl.formatMessage({ id: 'paid.back' })}
      </Button>
    </span>
  );
}
