import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  referenceLengthIssues,
  videoRequestIssues,
  type MediaItemType,
  type VideoGenerateRequest,
} from '../../src-shared/api/video.ts';
import { VIDEO_LIMITS, VIDEO_MODELS } from '../../src-shared/domain/limits.ts';
import { referenceImageProblem } from '../../src-shared/domain/reference-image.ts';
import { estimateVideoCost } from '../../src-shared/domain/pricing.ts';
import { useAppInfo } from '../app-info-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { bridge } from '../bridge.ts';
import { ClipScrubber, type Clip } from './ClipScrubber.tsx';
import { MediaSlot, type ImageCheck } from './MediaSlot.tsx';
import { useDrafts, useShotDraft, type KeptDraft } from './draft-store.ts';
import { EMPTY_DRAFT, MODES, requestOf, slotsOf, type Mode, type RoundDraft } from './presets.ts';
import { slotOfItem } from '../../src-shared/domain/round-draft.ts';
import { Select } from '../ui/Select.tsx';
import { BatchList } from './BatchList.tsx';
import { BatchSend } from './BatchSend.tsx';
import { CostLine } from './CostLine.tsx';
import { ADDABLE, fieldOf } from './editor-fields.ts';

/** Settings to start the editor from; a new `at` starts it again from the same request. */
export interface EditorSeed {
  request: VideoGenerateRequest;
  at: number;
}

/**
 * Writes rounds: a mode sets the media slots and roles, every rule is checked as you type
 * with the message next to its field, and the cost (with the balance beside it) is shown
 * before anything is sent; sending asks once more with the total.
 */
export function RoundEditor(props: {
  onQueue: (requests: VideoGenerateRequest[]) => Promise<boolean>;
  previewBase: string;
  /** Finished clips of the project, to scrub when picking the times of an edit. */
  clips: readonly Clip[];
  /** The shot the rounds are for: its half-written round is kept (see draft-store.ts). */
  shotId: string;
  /** Set when a round's prompt is to be written (an attached task): the prompt takes the focus. */
  seed?: EditorSeed | null;
}) {
  const intl = useIntl();
  const settings = useSettings((state) => state.settings);
  const videoDemo = useAppInfo((state) => state.info?.demoServices.includes('video') ?? false);
  const { shotId } = props;
  const { draft, touched, reviewed, batch } = useShotDraft(shotId);
  const keepDraft = useDrafts((state) => state.keep);
  const keep = (patch: Partial<KeptDraft>) => keepDraft(shotId, patch);
  const [confirming, setConfirming] = useState(false);
  // What fetching each image address showed: the service's size rules, checked before paying.
  const [remote, setRemote] = useState<Record<string, ImageCheck>>({});
  const onChecked = useCallback(
    (url: string, found: ImageCheck) => setRemote((known) => ({ ...known, [url]: found })),
    [],
  );
  // A new seed (its draft already started in the store) closes the question, during render,
  // as React advises for state that follows a prop; the prompt field then takes the focus.
  const { seed } = props;
  const [seeded, setSeeded] = useState<EditorSeed | null | undefined>(seed);
  if (seed !== seeded) {
    setSeeded(seed);
    if (seed) setConfirming(false);
  }
  useEffect(() => {
    if (seed) document.getElementById('round-prompt')?.focus();
  }, [seed]);
  const tier = settings?.pricingTier ?? 'starter';
  const request = requestOf(draft);
  const slotOf = slotOfItem(draft, request);
  const numbering = (index: number) => (slotOf.get(index) ?? index) + 1;
  // The auto mode's reference videos must be 4 to 30 s long: main knows the length of a clip
  // of a project (and in demo mode of the simulator's own), and is asked once per address list.
  const autoVideos =
    request.omni_reference_task_type === 'auto'
      ? request.content
          .flatMap((item) =>
            item.type === 'video_url' && item.video_url ? [item.video_url.url] : [],
          )
          .join('\n')
      : '';
  const [lengths, setLengths] = useState<ReadonlyMap<string, number>>(new Map());
  useEffect(() => {
    if (!autoVideos) return;
    let live = true;
    void bridge()
      .invoke('video:referenceLengths', { urls: autoVideos.split('\n') })
      .then((result) => {
        if (live && result.ok) setLengths(new Map(Object.entries(result.value.lengths)));
      });
    return () => {
      live = false;
    };
  }, [autoVideos]);
  const lengthCheck = referenceLengthIssues(request, lengths, numbering);
  const issues = [...videoRequestIssues(request, numbering), ...lengthCheck.issues];
  const said: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.param, slotOf);
    const list = (said[field] ??= []);
    const words = issue.say(intl);
    if (!list.includes(words)) list.push(words);
  }
  // A rule speaks next to a field the user has been at, or everywhere once they review.
  const problems: Record<string, string> = Object.fromEntries(
    Object.entries(said)
      .filter(([field]) => reviewed || touched.includes(field))
      .map(([field, words]) => [field, words.join(' ')]),
  );
  for (const [index, url] of draft.urls.entries()) {
    const found = remote[url.trim()];
    const problem =
      found &&
      ('failed' in found
        ? found.failed
        : referenceImageProblem(intl, found.width, found.height, found.bytes)?.message);
    if (problem) problems[`slot-${index}`] ??= problem;
  }
  const estimate = estimateVideoCost(request.duration, tier);
  const valid = issues.length === 0 && Object.keys(problems).length === 0;
  // What "Review and send" would send: the batch, and the form's round when it is complete.
  const sending = valid ? [...batch, draft] : batch;
  const begun = draft.prompt.trim() !== '' || draft.urls.some((url) => url.trim() !== '');
  const total = sending.reduce(
    (sum, round) => sum + estimateVideoCost(requestOf(round).duration, tier).cents,
    0,
  );
  const slots = MODES[draft.mode].slots;
  /** Changes the form; `fields` are the ones the user changed (a kind's presets are not). */
  const set = (patch: Partial<RoundDraft>, fields: readonly string[] = Object.keys(patch)) => {
    const more = fields.filter((field) => !touched.includes(field));
    keep({
      draft: { ...draft, ...patch },
      ...(more.length ? { touched: [...touched, ...more] } : {}),
    });
    setConfirming(false);
  };
  const touch = (field: string) => {
    if (!touched.includes(field)) keep({ touched: [...touched, field] });
  };
  // A reference beyond the mode's own slots, of the type asked: the slots are filled up to
  // the mode's count first, so the new one is the last.
  const addReference = (type: MediaItemType) => {
    const extras = Math.max(0, draft.urls.length - slots.length);
    set(
      {
        urls: [
          ...draft.urls,
          ...Array.from({ length: Math.max(0, slots.length - draft.urls.length) }, () => ''),
          '',
        ],
        extraTypes: [...(draft.extraTypes ?? []).slice(0, extras), type],
      },
      [],
    );
  };
  const appendToPrompt = (text: string) =>
    set({
      prompt: `${draft.prompt}${draft.prompt.endsWith(' ') || !draft.prompt ? '' : ' '}${text}`,
    });
  const message = (field: string) =>
    problems[field] ? (
      <span className="field-error error" role="alert" data-testid={`problem-${field}`}>
        {problems[field]}
      </span>
    ) : null;
  const counts = { image: 0, video: 0, audio: 0 };
  for (const item of request.content) {
    if (item.type === 'image_url') counts.image += 1;
    if (item.type === 'video_url') counts.video += 1;
    if (item.type === 'audio_url') counts.audio += 1;
  }
  const tokens = (['image', 'video', 'audio'] as const).flatMap((kind) =>
    Array.from({ length: counts[kind] }, (_, i) => `@${kind}${i + 1}`),
  );

  const send = async () => {
    if (await props.onQueue(sending.map(requestOf))) {
      // A round begun and not complete was not sent: it stays in the form, as it was.
      keep({
        batch: [],
        draft: valid ? { ...EMPTY_DRAFT, mode: draft.mode } : draft,
        touched: [],
        reviewed: false,
      });
      setConfirming(false);
    }
  };
  /** A round of the batch back into the form; a round begun there takes its place. */
  const editBatched = (index: number) => {
    const rest = batch.filter((_, at) => at !== index);
    if (begun) rest.splice(index, 0, draft);
    keep({ batch: rest, draft: batch[index] ?? draft, touched: [], reviewed: false });
    setConfirming(false);
  };

  return (
    <form
      className="round-editor"
      aria-label={intl.formatMessage({ id: 'round.editor' })}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="field">
        <label htmlFor="round-mode">{intl.formatMessage({ id: 'round.kind' })}</label>
        <Select
          id="round-mode"
          value={draft.mode}
          options={(Object.keys(MODES) as Mode[]).map((mode) => ({
            value: mode,
            label: intl.formatMessage({ id: MODES[mode].message }),
          }))}
          onChange={(event) => {
            const mode = event.target.value as Mode;
            const ratio =
              mode === 'auto'
                ? VIDEO_LIMITS.adaptiveRatio
                : draft.ratio === VIDEO_LIMITS.adaptiveRatio
                  ? VIDEO_LIMITS.defaultRatio
                  : draft.ratio;
            set({ mode, urls: [], extraTypes: [], ratio }, []);
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="round-prompt">{intl.formatMessage({ id: 'round.prompt' })}</label>
        <textarea
          id="round-prompt"
          rows={3}
          value={draft.prompt}
          onChange={(event) => set({ prompt: event.target.value })}
          onBlur={() => touch('prompt')}
        />
        {message('prompt')}
        {tokens.length > 0 && (
          <span
            className="actions reference-chips"
            aria-label={intl.formatMessage({ id: 'round.references' })}
          >
            {tokens.map((token) => (
              <button key={token} type="button" onClick={() => appendToPrompt(`${token} `)}>
                {token}
              </button>
            ))}
          </span>
        )}
      </div>
      {draft.mode === 'edit' && (
        <ClipScrubber
          clips={props.clips}
          previewBase={props.previewBase}
          onInsert={appendToPrompt}
          onPickAsset={(asset) => {
            const urls = [...draft.urls];
            urls[0] = asset;
            set({ urls }, ['slot-0']);
          }}
        />
      )}
      {slotsOf(draft).map((slot, index) => (
        <MediaSlot
          key={`${draft.mode}-${index}`}
          slot={slot}
          index={index}
          value={draft.urls[index] ?? ''}
          problem={problems[`slot-${index}`]}
          previewBase={props.previewBase}
          demo={videoDemo}
          onChecked={onChecked}
          onChange={(value) => {
            const urls = [...draft.urls];
            urls[index] = value;
            set({ urls }, [`slot-${index}`]);
          }}
        />
      ))}
      {(draft.mode === 'auto' || draft.mode === 'video' || draft.mode === 'audio') && (
        <span
          className="actions more-references"
          aria-label={intl.formatMessage({ id: 'round.moreReferences' })}
        >
          {ADDABLE.map(({ type, message: label }) => (
            <button key={type} type="button" onClick={() => addReference(type)}>
              {intl.formatMessage({ id: label })}
            </button>
          ))}
        </span>
      )}
      <div className="options">
        <label>
          {intl.formatMessage({ id: 'round.model' })}
          <Select
            value={draft.model}
            options={Object.entries(VIDEO_MODELS).map(([id, model]) => ({
              value: id,
              label: model.label,
            }))}
            onChange={(event) => set({ model: event.target.value })}
          />
        </label>
        <label>
          {intl.formatMessage({ id: 'round.duration' })}
          <input
            type="number"
            aria-label={intl.formatMessage({ id: 'round.durationField' })}
            value={draft.mode === 'auto' ? VIDEO_LIMITS.autoDuration : draft.duration}
            disabled={draft.mode === 'auto'}
            onChange={(event) => set({ duration: Number(event.target.value) })}
          />
        </label>
        {message('duration')}
        <label>
          {intl.formatMessage({ id: 'round.resolution' })}
          <Select
            value={draft.resolution}
            options={VIDEO_LIMITS.resolutions.map((value) => ({ value, label: value }))}
            onChange={(event) => set({ resolution: event.target.value })}
          />
        </label>
        <label>
          {intl.formatMessage({ id: 'round.ratio' })}
          <Select
            aria-label={intl.formatMessage({ id: 'round.ratio' })}
            value={draft.ratio}
            options={[
              ...(draft.mode === 'auto' ? [VIDEO_LIMITS.adaptiveRatio] : []),
              ...VIDEO_LIMITS.ratios,
            ].map((value) => ({ value, label: value }))}
            onChange={(event) => set({ ratio: event.target.value })}
          />
        </label>
        {message('ratio')}
        <label>
          <input
            type="checkbox"
            checked={draft.generateAudio}
            onChange={(event) => set({ generateAudio: event.target.checked })}
          />{' '}
          {intl.formatMessage({ id: 'round.sound' })}
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.watermark}
            onChange={(event) => set({ watermark: event.target.checked })}
          />{' '}
          {intl.formatMessage({ id: 'round.watermark' })}
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.lastFrame}
            onChange={(event) => set({ lastFrame: event.target.checked })}
          />{' '}
          {intl.formatMessage({ id: 'round.keepLastFrame' })}
        </label>
      </div>
      <CostLine
        estimate={estimate}
        total={total}
        batch={batch}
        unknownLengths={lengthCheck.unknown}
        demo={videoDemo}
      />
      <BatchList
        batch={batch}
        tier={tier}
        onEdit={editBatched}
        onRemove={(index) => {
          keep({ batch: batch.filter((_, at) => at !== index) });
          setConfirming(false);
        }}
      />
      <BatchSend
        rounds={sending}
        tier={tier}
        formComplete={valid}
        formLeftOut={!valid && begun}
        confirming={confirming}
        onAdd={() => {
          keep({ batch: [...batch, draft], draft: { ...draft, prompt: '' }, touched: [] });
          setConfirming(false);
        }}
        onReview={() => {
          keep({ reviewed: true });
          setConfirming(true);
        }}
        onSend={() => void send()}
        onBack={() => setConfirming(false)}
      />
    </form>
  );
}
