import type { MediaItemType, MediaRole } from '../api/video.ts';
import { KIND_BY_TYPE } from '../api/video.ts';
import { MODES, REFERENCE_ROLE, slotsOf, type Mode, type RoundDraft } from './round-draft.ts';

/** One thing attached to the round in the prompt bar: a slot of the draft, as a chip shows it. */
export interface Attachment {
  type: MediaItemType;
  role: MediaRole;
  url: string;
  /** How the prompt names it: `@image1`, `@video1`, `@audio1`, counted by kind. */
  token: string;
}

/** The draft's attachments, in slot order, each with its `@kind N` name. */
export function attachmentsOf(draft: RoundDraft): Attachment[] {
  const counts = { image: 0, video: 0, audio: 0 };
  return slotsOf(draft).map((slot, index) => {
    const kind = KIND_BY_TYPE[slot.type];
    counts[kind] += 1;
    return { ...slot, url: draft.urls[index] ?? '', token: `@${kind}${counts[kind]}` };
  });
}

/** The kinds the user picks from the select, which attaching keeps rather than infers. */
const CHOSEN_ONLY: readonly Mode[] = ['auto', 'edit'];

type Part = Pick<Attachment, 'type' | 'role' | 'url'>;

/**
 * The kind of round what is attached makes: nothing, text to video; one image, its first
 * frame (or text to video with the image as a reference, when its chip says so); two frames,
 * first and last frame; a clip, a video reference; a sound, an audio reference. Auto and
 * edit are the user's own choice and stay.
 */
export function inferMode(parts: readonly Part[], current: Mode): Mode {
  if (CHOSEN_ONLY.includes(current)) return current;
  if (parts.some((part) => part.type === 'video_url')) return 'video';
  if (parts.some((part) => part.type === 'audio_url')) return 'audio';
  const roles = parts.map((part) => part.role);
  if (roles.includes('last_frame')) return 'frames';
  if (roles.includes('first_frame')) return 'image';
  return 'text';
}

/**
 * The roles the parts take together, as the service's rules allow them: frames only among
 * images alone (one first, at most one last), references otherwise; in auto, references only.
 */
function settleRoles(parts: readonly Part[], mode: Mode): Part[] {
  const imagesOnly = parts.every((part) => part.type === 'image_url');
  const frames = mode !== 'auto' && imagesOnly && parts.length <= 2;
  const firstIsFrame = frames && parts[0]?.role !== 'reference_image';
  return parts.map((part, index) => {
    if (!firstIsFrame || part.type !== 'image_url') {
      return { ...part, role: REFERENCE_ROLE[part.type] };
    }
    return { ...part, role: index === 0 ? 'first_frame' : 'last_frame' };
  });
}

/** The draft holding `parts` in a kind inferred from them: each fills its kind's slot in order. */
function laidOut(draft: RoundDraft, given: readonly Part[]): RoundDraft {
  const guess = inferMode(given, draft.mode);
  const parts = settleRoles(given, guess);
  const mode = inferMode(parts, draft.mode);
  const base = MODES[mode].slots;
  const urls: string[] = base.map(() => '');
  const taken = base.map(() => false);
  const extraTypes: MediaItemType[] = [];
  for (const part of parts) {
    const free = base.findIndex(
      (slot, i) => !taken[i] && slot.type === part.type && slot.role === part.role,
    );
    if (free >= 0) {
      taken[free] = true;
      urls[free] = part.url;
    } else {
      urls.push(part.url);
      extraTypes.push(part.type);
    }
  }
  return { ...draft, mode, urls, extraTypes };
}

/**
 * The draft with one more attachment of `type`, empty unless given its address (a picture
 * dropped or pasted): the kind of round follows.
 */
export function attach(draft: RoundDraft, type: MediaItemType, url = ''): RoundDraft {
  if (CHOSEN_ONLY.includes(draft.mode)) {
    // A chosen kind keeps its own slots (filled or not) and takes the new one after them.
    const slots = MODES[draft.mode].slots.length;
    const extras = Math.max(0, draft.urls.length - slots);
    return {
      ...draft,
      urls: [
        ...draft.urls,
        ...Array.from({ length: Math.max(0, slots - draft.urls.length) }, () => ''),
        url,
      ],
      extraTypes: [...(draft.extraTypes ?? []).slice(0, extras), type],
    };
  }
  const first = type === 'image_url' ? 'first_frame' : REFERENCE_ROLE[type];
  return laidOut(draft, [...attachmentsOf(draft), { type, role: first, url }]);
}

/**
 * The draft without its attachment at `index`. What is left is read afresh: images alone are
 * frames again (first, then last), as if attached now; the chip still switches a lone one.
 */
export function detach(draft: RoundDraft, index: number): RoundDraft {
  const left = attachmentsOf(draft).filter((_, at) => at !== index);
  const imagesOnly = left.every((part) => part.type === 'image_url');
  return laidOut(
    draft,
    imagesOnly ? left.map((part) => ({ ...part, role: 'first_frame' as const })) : left,
  );
}

/** A lone image switched between first frame and reference, as its chip offers. */
export function switchRole(draft: RoundDraft, index: number): RoundDraft {
  return laidOut(
    draft,
    attachmentsOf(draft).map((part, at) =>
      at === index
        ? { ...part, role: part.role === 'reference_image' ? 'first_frame' : 'reference_image' }
        : part,
    ),
  );
}

/** Whether a chip offers the switch: a lone image, in a kind the attachments decide. */
export function canSwitch(draft: RoundDraft, index: number): boolean {
  const parts = attachmentsOf(draft);
  return (
    !CHOSEN_ONLY.includes(draft.mode) && parts.length === 1 && parts[index]?.type === 'image_url'
  );
}
