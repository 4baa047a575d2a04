import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Replaced } from './apply-masks.ts';

/**
 * Asked before an apply replaces other images' masks: how many, how many of them Find the
 * watermark proposed and how many were painted. Focus starts on the answer that keeps them;
 * Escape is that answer too.
 */
export function ReplaceQuestion(props: {
  replaced: Replaced;
  onReplace: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const back = useRef<HTMLButtonElement>(null);
  const { found, painted } = props.replaced;
  const count = found + painted;
  useEffect(() => {
    back.current?.focus();
  }, []);
  const keys = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    props.onBack();
  };
  return (
    <div
      className="actions mask-leave"
      role="alertdialog"
      aria-labelledby={id}
      data-testid="replace-question"
      onKeyDown={keys}
    >
      <span id={id}>
        {intl.formatMessage({ id: 'mask.replaceQuestion' }, { count })}{' '}
        {intl.formatMessage({ id: 'mask.replaceWhich' }, { found, painted })}
      </span>
      <button type="button" onClick={props.onReplace}>
        {intl.formatMessage({ id: 'mask.replace' }, { count })}
      </button>
      <button type="button" className="primary" ref={back} onClick={props.onBack}>
        {intl.formatMessage({ id: 'mask.replaceBack' })}
      </button>
    </div>
  );
}
