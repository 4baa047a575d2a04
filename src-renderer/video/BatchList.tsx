import { useState } from 'react';
import { useIntl } from 'react-intl';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import { estimateVideoCost, type PricingTier } from '../../src-shared/domain/pricing.ts';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';
import { MODES, requestOf, type RoundDraft } from './presets.ts';

/** How much of a prompt a line of the batch shows: enough to tell rounds apart. */
const PROMPT_START = 60;

/** One round of a batch in one line: the start of its prompt, its kind, length and cost. */
export function batchLine(
  intl: Formatter,
  draft: RoundDraft,
  tier: PricingTier,
  number: number,
): string {
  const request = requestOf(draft);
  const flat = draft.prompt.replace(/\s+/g, ' ').trim();
  const estimate = estimateVideoCost(request.duration, tier);
  return intl.formatMessage(
    { id: 'round.batchLine' },
    {
      number,
      prompt: flat.length > PROMPT_START ? `${flat.slice(0, PROMPT_START - 1)}…` : flat,
      kind: intl.formatMessage({ id: MODES[draft.mode].message }),
      length:
        request.duration === VIDEO_LIMITS.autoDuration
          ? intl.formatMessage({ id: 'round.clip.auto' })
          : intl.formatMessage({ id: 'round.clip.seconds' }, { seconds: draft.duration }),
      upTo: String(estimate.upperBound),
      cost: formatMoney(intl, estimate.cents),
    },
  );
}

/** A round of the batch as it will be sent, read-only: the whole prompt and every setting. */
function BatchDetails(props: { draft: RoundDraft }) {
  const intl = useIntl();
  const { draft } = props;
  const request = requestOf(draft);
  const references = request.content.flatMap((item) =>
    item.type === 'text' ? [] : [item[item.type]?.url ?? ''],
  );
  return (
    <div className="batch-details">
      <p className="batch-prompt">{draft.prompt}</p>
      {references.length > 0 && (
        <ul className="hint">
          {references.map((url, index) => (
            // A data address is a whole picture: its kind is enough to tell it apart.
            <li key={index}>{url.startsWith('data:') ? url.slice(0, url.indexOf(';')) : url}</li>
          ))}
        </ul>
      )}
      <p className="hint">
        {intl.formatMessage(
          { id: 'round.batchDetails' },
          {
            resolution: draft.resolution,
            ratio: draft.ratio,
            sound: String(draft.generateAudio),
            references: references.length,
          },
        )}
      </p>
    </div>
  );
}

/**
 * The rounds set aside for this batch, as they were added: each can be looked at as it will
 * be sent, taken back into the form, or removed from the batch.
 */
export function BatchList(props: {
  batch: readonly RoundDraft[];
  tier: PricingTier;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState<number | null>(null);
  if (props.batch.length === 0) return null;
  const title = intl.formatMessage({ id: 'round.inBatch' }, { count: props.batch.length });
  return (
    <section className="batch" aria-label={title}>
      <p className="hint">{title}</p>
      <ol className="batch-list">
        {props.batch.map((draft, index) => (
          <li key={index} data-testid="batch-round">
            <span className="batch-line">{batchLine(intl, draft, props.tier, index + 1)}</span>
            <span className="actions">
              <button
                type="button"
                aria-expanded={open === index}
                onClick={() => setOpen(open === index ? null : index)}
              >
                {intl.formatMessage({ id: 'round.batchShow' })}
              </button>
              <button
                type="button"
                onClick={() => {
                  setOpen(null);
                  props.onEdit(index);
                }}
              >
                {intl.formatMessage({ id: 'round.batchEdit' })}
              </button>
              <button
                type="button"
                onClick={() => {
                  setOpen(null);
                  props.onRemove(index);
                }}
              >
                {intl.formatMessage({ id: 'round.batchRemove' })}
              </button>
            </span>
            {open === index && <BatchDetails draft={draft} />}
          </li>
        ))}
      </ol>
    </section>
  );
}
