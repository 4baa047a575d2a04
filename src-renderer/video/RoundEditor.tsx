import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { referenceLengthIssues } from '../../src-shared/api/video-reference-lengths.ts';
import { videoRequestIssues } from '../../src-shared/api/video-request-rules.ts';
import type { VideoGenerateRequest } from '../../src-shared/api/video.ts';
import { referenceImageProblem } from '../../src-shared/domain/reference-image.ts';
import { estimateVideoCost } from '../../src-shared/domain/pricing.ts';
import { useAppInfo } from '../app-info-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { bridge } from '../bridge.ts';
import { ClipScrubber, type Clip } from './ClipScrubber.tsx';
import { MediaSlot, type ImageCheck } from './MediaSlot.tsx';
import { useDrafts, useShotDraft, type KeptDraft } from './draft-store.ts';
import { EMPTY_DRAFT, requestOf, slotsOf, type RoundDraft } from './presets.ts';
import { slotOfItem } from '../../src-shared/domain/round-draft.ts';
import { BatchList } from './BatchList.tsx';
import { BatchSend } from './BatchSend.tsx';
import { CostLine } from './CostLine.tsx';
import { fieldOf } from './editor-fields.ts';
import { useDockedAtFoot } from './docked.ts';
import { AttachButtons, AttachmentChips } from './AttachmentChips.tsx';
import { RoundOptions } from './RoundOptions.tsx';
import { useMediaDrop } from './use-media-drop.ts';

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
  const bar = useRef<HTMLFormElement>(null);
  useDockedAtFoot(bar);
  const dropped = useMediaDrop(shotId, () => setConfirming(false));
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
  const review = () => {
    keep({ reviewed: true });
    setConfirming(true);
  };
  /** A round of the batch back into the form; a round begun there takes its place. */
  const editBatched = (index: number) => {
    const rest = batch.filter((_, at) => at !== index);
    if (begun) rest.splice(index, 0, draft);
    keep({ batch: rest, draft: batch[index] ?? draft, touched: [], reviewed: false });
    setConfirming(false);
  };

  const slotEditors = slotsOf(draft).map((slot, index) => (
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
  ));

  return (
    <form
      ref={bar}
      className={`round-editor prompt-bar${dropped.over ? ' drop-over' : ''}`}
      aria-label={intl.formatMessage({ id: 'round.editor' })}
      onSubmit={(event) => event.preventDefault()}
      {...dropped.handlers}
    >
      <div className="bar-body">
        <BatchList
          batch={batch}
          tier={tier}
          onEdit={editBatched}
          onRemove={(index) => {
            keep({ batch: batch.filter((_, at) => at !== index) });
            setConfirming(false);
          }}
        />
        {dropped.problems.length > 0 && (
          <div role="alert" data-testid="drop-problems">
            <ul className="error drop-problems">
              {dropped.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        <AttachmentChips
          draft={draft}
          onChange={(next) => set(next, [])}
          onInsert={appendToPrompt}
        />
        {(slotEditors.length > 0 || draft.mode === 'edit') && (
          <div className="attachment-slots">
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
            {slotEditors}
          </div>
        )}
        <div className="field prompt-field">
          <label htmlFor="round-prompt">{intl.formatMessage({ id: 'round.prompt' })}</label>
          <textarea
            id="round-prompt"
            rows={2}
            placeholder={intl.formatMessage({ id: 'round.prompt' })}
            value={draft.prompt}
            aria-describedby="round-enter-hint"
            onChange={(event) => set({ prompt: event.target.value })}
            onKeyDown={(event) => {
              // Enter asks the one question before sending; Shift+Enter (or an input method
              // composing a word) writes on.
              if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              if (sending.length > 0) review();
            }}
            onBlur={() => touch('prompt')}
          />
          {message('prompt')}
        </div>
      </div>
      <div className="bar-foot">
        <div className="bar-controls">
          <AttachButtons draft={draft} onChange={(next) => set(next, [])} />
          <RoundOptions draft={draft} set={set} message={message} />
        </div>
        <div className="bar-send">
          <div className="bar-facts">
            <CostLine
              estimate={estimate}
              total={total}
              batch={batch}
              unknownLengths={lengthCheck.unknown}
              demo={videoDemo}
            />
            <span id="round-enter-hint" className="hint enter-hint">
              {intl.formatMessage({ id: 'round.enterHint' })}
            </span>
          </div>
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
            onReview={review}
            onSend={() => void send()}
            onBack={() => setConfirming(false)}
          />
        </div>
      </div>
    </form>
  );
}
