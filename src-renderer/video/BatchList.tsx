import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Undo2, X } from 'lucide-react';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import { estimateVideoCost, type PricingTier } from '../../src-shared/domain/pricing.ts';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';
import { IconButton } from '../ui/IconButton.tsx';
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

/** How much of a prompt a chip shows: enough to tell rounds apart on one line. */
const CHIP_PROMPT = 32;

/** One round of a batch as its chip says it: its number, the start of its prompt, its cost. */
function chipWords(intl: Formatter, draft: RoundDraft, tier: PricingTier, number: number) {
  const flat = draft.prompt.replace(/\s+/g, ' ').trim();
  const estimate = estimateVideoCost(requestOf(draft).duration, tier);
  return intl.formatMessage(
    { id: 'round.batchChip' },
    {
      number,
      prompt: flat.length > CHIP_PROMPT ? `${flat.slice(0, CHIP_PROMPT - 1)}…` : flat,
      upTo: String(estimate.upperBound),
      cost: formatMoney(intl, estimate.cents),
    },
  );
}

/**
 * The rounds set aside for this batch, as chips above the prompt, in the order they were
 * added: a chip opens the round as it will be sent (its whole line and every setting), its ↩
 * takes it back into the form, its × removes it from the batch.
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
  const shown = open === null ? undefined : props.batch[open];
  return (
    <section className="batch" aria-label={title}>
      <div className="batch-row">
        <span className="hint">{title}</span>
        <ol className="chips batch-chips">
          {props.batch.map((draft, index) => (
            <li key={index} className="chip batch-chip" data-testid="batch-round">
              <button
                type="button"
                className="chip-token"
                aria-expanded={open === index}
                title={batchLine(intl, draft, props.tier, index + 1)}
                onClick={() => setOpen(open === index ? null : index)}
              >
                {chipWords(intl, draft, props.tier, index + 1)}
              </button>
              <IconButton
                icon={Undo2}
                label={intl.formatMessage({ id: 'round.batchEdit' })}
                onClick={() => {
                  setOpen(null);
                  props.onEdit(index);
                }}
              />
              <IconButton
                icon={X}
                label={intl.formatMessage({ id: 'round.batchRemove' })}
                onClick={() => {
                  setOpen(null);
                  props.onRemove(index);
                }}
              />
            </li>
          ))}
        </ol>
      </div>
      {open !== null && shown && (
        <div className="batch-review" data-testid="batch-review">
          <p className="batch-line">{batchLine(intl, shown, props.tier, open + 1)}</p>
          <BatchDetails draft={shown} />
        </div>
      )}
    </section>
  );
}
