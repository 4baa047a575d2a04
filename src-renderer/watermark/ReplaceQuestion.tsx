import { useIntl } from 'react-intl';
import type { Replaced } from './apply-masks.ts';
import { InlineQuestion } from './InlineQuestion.tsx';

/**
 * Asked before an apply replaces other images' masks: how many, how many of them Find the
 * watermark proposed and how many were painted. Keeping them is the answer that loses nothing.
 */
export function ReplaceQuestion(props: {
  replaced: Replaced;
  onReplace: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const { found, painted } = props.replaced;
  const count = found + painted;
  return (
    <InlineQuestion
      testId="replace-question"
      question={[
        intl.formatMessage({ id: 'mask.replaceQuestion' }, { count }),
        intl.formatMessage({ id: 'mask.replaceWhich' }, { found, painted }),
      ].join(' ')}
      act={intl.formatMessage({ id: 'mask.replace' }, { count })}
      keep={intl.formatMessage({ id: 'mask.replaceBack' })}
      onAct={props.onReplace}
      onKeep={props.onBack}
    />
  );
}
