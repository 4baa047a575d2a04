import { useIntl } from 'react-intl';
import type { MaskTarget, Replaced } from './apply-masks.ts';
import { InlineQuestion } from './InlineQuestion.tsx';
import { ReplaceQuestion } from './ReplaceQuestion.tsx';

/**
 * The mask editor's footer: where the mask goes, or in their place the question being asked
 * (throw the strokes away? replace other images' masks?), so an answer is always where the
 * buttons were, in view on a short window.
 */
export function MaskActions(props: {
  name: string;
  /** Nothing painted: the mask can only be removed. */
  empty: boolean;
  sameSize: number;
  selected: number;
  total: number;
  leaving: boolean;
  asking: { target: MaskTarget; replaced: Replaced } | null;
  onSave: (target: MaskTarget) => void;
  onNone: () => void;
  onCancel: () => void;
  onThrowAway: () => void;
  onKeep: () => void;
  onReplace: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const { empty } = props;
  if (props.asking) {
    return (
      <ReplaceQuestion
        replaced={props.asking.replaced}
        onReplace={props.onReplace}
        onBack={props.onBack}
      />
    );
  }
  if (props.leaving) return <LeaveQuestion {...props} />;
  return (
    <div className="actions mask-actions">
      <button type="button" className="primary" onClick={() => props.onSave('this')}>
        {intl.formatMessage({ id: 'mask.use' })}
      </button>
      <button type="button" disabled={empty} onClick={() => props.onSave('same-size')}>
        {intl.formatMessage({ id: 'mask.applySameSize' }, { count: props.sameSize })}
      </button>
      {props.total > props.sameSize && (
        <button
          type="button"
          disabled={empty}
          onClick={() => props.onSave('all')}
          title={intl.formatMessage({ id: 'mask.applyAllHint' })}
        >
          {intl.formatMessage({ id: 'mask.applyAll' }, { count: props.total })}
        </button>
      )}
      <button
        type="button"
        disabled={empty || props.selected === 0}
        onClick={() => props.onSave('selected')}
      >
        {intl.formatMessage({ id: 'mask.applySelected' }, { count: props.selected })}
      </button>
      <button type="button" onClick={props.onNone}>
        {intl.formatMessage({ id: 'mask.none' })}
      </button>
      <button type="button" onClick={props.onCancel}>
        {intl.formatMessage({ id: 'mask.cancel' })}
      </button>
    </div>
  );
}

/** The button that was pressed is gone: the question takes its place. */
function LeaveQuestion(props: { name: string; onThrowAway: () => void; onKeep: () => void }) {
  const intl = useIntl();
  return (
    <InlineQuestion
      label={intl.formatMessage({ id: 'mask.leave' })}
      question={intl.formatMessage({ id: 'mask.leaveQuestion' }, { name: props.name })}
      act={intl.formatMessage({ id: 'mask.throwAway' })}
      keep={intl.formatMessage({ id: 'mask.keepPainting' })}
      onAct={props.onThrowAway}
      onKeep={props.onKeep}
    />
  );
}
