import { useIntl } from 'react-intl';
import { ArrowLeftRight, Film, ImagePlus, Music, X } from 'lucide-react';
import { ROLE_MESSAGES } from '../../src-shared/api/video-request-issue.ts';
import type { MediaItemType } from '../../src-shared/api/video.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { IconButton } from '../ui/IconButton.tsx';
import {
  attach,
  attachmentsOf,
  canSwitch,
  detach,
  switchRole,
} from '../../src-shared/domain/round-attachments.ts';
import type { RoundDraft } from './presets.ts';

/** What the prompt bar can attach, each with its icon and its name. */
const ATTACHABLE: readonly { type: MediaItemType; icon: typeof Film; message: MessageId }[] = [
  { type: 'image_url', icon: ImagePlus, message: 'round.attachImage' },
  { type: 'video_url', icon: Film, message: 'round.attachVideo' },
  { type: 'audio_url', icon: Music, message: 'round.attachAudio' },
];

/** The buttons that attach one more image, clip or sound; the kind of round follows. */
export function AttachButtons(props: { draft: RoundDraft; onChange: (draft: RoundDraft) => void }) {
  const intl = useIntl();
  return (
    <span
      className="attach-buttons"
      role="group"
      aria-label={intl.formatMessage({ id: 'round.attach' })}
    >
      {ATTACHABLE.map(({ type, icon, message }) => (
        <IconButton
          key={type}
          icon={icon}
          label={intl.formatMessage({ id: message })}
          onClick={() => props.onChange(attach(props.draft, type))}
        />
      ))}
    </span>
  );
}

/**
 * What the round has attached, as `@image1` chips the prompt can name, with the role each
 * plays; the kind of round follows from them (see round-attachments.ts). A chip inserts its
 * name into the prompt, a lone image switches between first frame and reference on its chip,
 * and × takes it off.
 */
export function AttachmentChips(props: {
  draft: RoundDraft;
  onChange: (draft: RoundDraft) => void;
  onInsert: (token: string) => void;
}) {
  const intl = useIntl();
  const { draft, onChange } = props;
  const parts = attachmentsOf(draft);
  if (parts.length === 0) return null;
  return (
    <ul className="chips" aria-label={intl.formatMessage({ id: 'round.attached' })}>
      {parts.map((part, index) => (
        <li key={`${index}-${part.type}`} className="chip" data-testid="chip">
          <button
            type="button"
            className="chip-token"
            title={part.url || intl.formatMessage({ id: 'round.chipEmpty' })}
            onClick={() => props.onInsert(`${part.token} `)}
          >
            {part.token} · {intl.formatMessage({ id: ROLE_MESSAGES[part.role] })}
          </button>
          {canSwitch(draft, index) && (
            <IconButton
              icon={ArrowLeftRight}
              label={intl.formatMessage(
                {
                  id:
                    part.role === 'reference_image'
                      ? 'round.chipAsFirstFrame'
                      : 'round.chipAsReference',
                },
                { token: part.token },
              )}
              onClick={() => onChange(switchRole(draft, index))}
            />
          )}
          <IconButton
            icon={X}
            label={intl.formatMessage({ id: 'round.chipRemove' }, { token: part.token })}
            onClick={() => onChange(detach(draft, index))}
          />
        </li>
      ))}
    </ul>
  );
}
