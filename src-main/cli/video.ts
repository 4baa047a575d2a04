import path from 'node:path';
import {
  referenceLengthIssues,
  unknownLengthWords,
} from '../../src-shared/api/video-reference-lengths.ts';
import type { ContentItem, VideoGenerateRequest } from '../../src-shared/api/video.ts';
import { pastCap } from '../../src-shared/domain/budget.ts';
import { IN_FLIGHT_STATES } from '../../src-shared/domain/job-states.ts';
import {
  DEFAULT_ROUND_SECONDS,
  DEFAULT_VIDEO_MODEL,
  VIDEO_LIMITS,
} from '../../src-shared/domain/limits.ts';
import { defaultVideoOutputDir } from '../core/paths.ts';
import { knownVideoLengths } from '../core/jobs/video/reference-lengths.ts';
import { keptFrameOf } from '../core/jobs/video/local-last-frame.ts';
import {
  RoundRequestError,
  extensionRequest,
  queueRound,
} from '../core/jobs/video/round-planning.ts';
import type { JobEvent } from '../core/jobs/store/job-tables.ts';
import { SpendingRefusedError, VideoEngine } from '../core/jobs/video/video-engine.ts';
import { readStoredError } from '../core/jobs/lifecycle/outcome.ts';
import { VideoRounds, type VideoRoundRow } from '../core/jobs/video/video-rounds.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { Progress } from './progress.ts';
import { runOrHandOver } from './follow.ts';
import { CliSession, SESSION_OPTIONS, onInterrupt } from './session.ts';
import { cliIntl, monthName, words } from './words.ts';
import { runVideoSpending } from './video-spending.ts';
import { importRounds } from './video-import.ts';
import { roundLine, roundReport } from './video-round-lines.ts';
import { status } from './video-status.ts';
import { describeEstimate, money, usage, type Sub } from './video-usage.ts';

const newProject: Sub = async (args) => {
  const { values, positionals } = parseCommand('video new', args, {
    allowPositionals: true,
    options: { ...SESSION_OPTIONS, shot: { type: 'string' } },
  });
  const name = positionals.join(' ').trim();
  if (!name) return usage(words('cli.video.nameProject'));
  const session = await CliSession.open(values);
  try {
    const rounds = new VideoRounds(session.store);
    const projectId = rounds.createProject(name);
    const shotId = rounds.addShot(projectId, values.shot ?? '');
    if (values.json) console.log(JSON.stringify({ projectId, shotId }));
    else console.log(words('cli.video.created', { name, projectId, shotId }));
    return EXIT.done;
  } finally {
    await session.close();
  }
};

/** `--image url` or `--image url=role`: a reference image unless a role says otherwise. */
function mediaItems(values: {
  image?: string[];
  video?: string[];
  audio?: string[];
}): ContentItem[] {
  const images = (values.image ?? []).map((spec): ContentItem => {
    const at = spec.lastIndexOf('=');
    const [url, role] =
      at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, 'reference_image'];
    return { type: 'image_url', image_url: { url }, role };
  });
  const videos = (values.video ?? []).map((url): ContentItem => ({
    type: 'video_url',
    video_url: { url },
    role: 'reference_video',
  }));
  const audios = (values.audio ?? []).map((url): ContentItem => ({
    type: 'audio_url',
    audio_url: { url },
    role: 'reference_audio',
  }));
  return [...images, ...videos, ...audios];
}

const addRound: Sub = async (args) => {
  const { values, positionals } = parseCommand('video add-round', args, {
    allowPositionals: true,
    options: {
      ...SESSION_OPTIONS,
      prompt: { type: 'string' },
      duration: { type: 'string' },
      resolution: { type: 'string' },
      ratio: { type: 'string' },
      model: { type: 'string' },
      image: { type: 'string', multiple: true },
      video: { type: 'string', multiple: true },
      audio: { type: 'string', multiple: true },
      auto: { type: 'boolean', default: false },
      'last-frame': { type: 'boolean', default: false },
      'generate-audio': { type: 'boolean', default: false },
      watermark: { type: 'boolean', default: VIDEO_LIMITS.defaultWatermark },
      extend: { type: 'string' },
    },
  });
  if (!values.prompt?.trim()) return usage(words('cli.video.needsPrompt'));
  const duration = values.duration === undefined ? undefined : Number(values.duration);
  if (duration !== undefined && !Number.isInteger(duration)) {
    return usage(words('cli.video.wholeSeconds'));
  }
  const session = await CliSession.open(values);
  try {
    const rounds = new VideoRounds(session.store);
    let shotId: string | undefined;
    let request: VideoGenerateRequest;
    if (values.extend) {
      const previous = rounds.round(values.extend);
      if (!previous) throw new RoundRequestError(words('cli.video.noRound', { id: values.extend }));
      shotId = previous.shot_id;
      request = extensionRequest(previous, values.prompt, await keptFrameOf(previous));
    } else {
      const target = positionals[0];
      if (!target) return usage(words('cli.video.nameTarget'));
      const tree = rounds.tree(target);
      shotId = tree ? tree.shots.at(-1)?.id : rounds.shot(target)?.id;
      if (!shotId) {
        throw new RoundRequestError(words('cli.video.noTarget', { id: target }));
      }
      request = {
        model: values.model ?? DEFAULT_VIDEO_MODEL,
        content: [{ type: 'text', text: values.prompt }, ...mediaItems(values)],
        ...(values.auto
          ? {
              omni_reference_task_type: 'auto',
              ratio: VIDEO_LIMITS.adaptiveRatio,
              duration: VIDEO_LIMITS.autoDuration,
            }
          : {
              duration: duration ?? DEFAULT_ROUND_SECONDS,
              ...(values.ratio ? { ratio: values.ratio } : {}),
            }),
        ...(values.resolution ? { resolution: values.resolution } : {}),
        ...(values['last-frame'] ? { return_last_frame: true } : {}),
        ...(values['generate-audio'] ? { generate_audio: true } : {}),
        ...(values.watermark ? { watermark: true } : {}),
      };
    }
    const tier = session.settings.pricingTier;
    const lengths = await knownVideoLengths([request], { rounds, demo: session.demo });
    const { roundId, estimate } = queueRound(rounds, tier, shotId, request, lengths);
    const { unknown } = referenceLengthIssues(request, lengths);
    const round = rounds.round(roundId) as VideoRoundRow;
    if (values.json) {
      console.log(JSON.stringify({ roundId, position: round.position, estimate }));
    } else {
      console.log(
        words('cli.video.queuedRound', {
          position: round.position,
          roundId,
          cost: describeEstimate(estimate, tier),
        }),
      );
      if (unknown.length > 0)
        console.log(words('cli.note', { note: unknownLengthWords(cliIntl(), unknown) }));
      const { budgetCapUsd: cap, budgetCapPeriod } = session.settings;
      const { spentCents, inFlightCents, month } = rounds.spendingForCap(
        budgetCapPeriod,
        session.store.now(),
      );
      const planned = spentCents + inFlightCents + rounds.queuedEstimateCents();
      const capCents = pastCap(cap, planned);
      if (capCents !== undefined) {
        const values = { planned: money(planned), cap: money(capCents) };
        console.log(
          month
            ? words('cli.video.overMonthlyCap', { ...values, month: monthName(month) })
            : words('cli.video.overCap', values),
        );
      }
    }
    return EXIT.done;
  } finally {
    await session.close();
  }
};

const run: Sub = async (args) => {
  const { values } = parseCommand('video run', args, {
    options: { ...SESSION_OPTIONS, concurrency: { type: 'string' }, out: { type: 'string' } },
  });
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (
    concurrency !== undefined &&
    (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 20)
  ) {
    return usage(words('cli.concurrency', { most: 20 }));
  }
  const session = await CliSession.open(values);
  try {
    session.settings = {
      ...session.settings,
      ...(values.out ? { outputFolder: path.resolve(values.out) } : {}),
      concurrency: {
        ...session.settings.concurrency,
        ...(concurrency ? { video: concurrency } : {}),
      },
    };
    const rounds = new VideoRounds(session.store);
    const pending = rounds.roundsIn(['queued', ...IN_FLIGHT_STATES]);
    const progress = new Progress({
      total: pending.length,
      json: values.json,
      label: words('cli.video.rendering'),
    });
    const report = (event: JobEvent) => {
      progress.noteWait(event);
      if (!['done', 'failed', 'needs-attention', 'canceled'].includes(event.state)) return;
      const round = rounds.round(event.jobId);
      if (!round) return;
      const { videos, error } = roundReport(round);
      progress.finished(event.state === 'done', roundLine(round), {
        roundId: round.id,
        state: round.state,
        chargedUsd: round.charged_cents === null ? undefined : round.charged_cents / 100,
        outputs: videos,
        error,
      });
    };
    let stop = () => undefined as void;
    const interrupted = onInterrupt(() => stop());
    let code = -1;
    // The app's engine already runs every queued round: only their progress is followed here.
    const claim = await runOrHandOver(session, {
      command: 'clearframe video run',
      kind: 'video',
      out: values.out,
      queue: () => pending.map((round) => round.id),
      stateOf: (id) => rounds.round(id)?.state,
      onEvent: report,
      interrupted,
    });
    if ('code' in claim) code = claim.code;
    else {
      const engine = new VideoEngine({
        store: session.store,
        client: await session.videoClient(),
        transport: session.transport,
        poller: session.poller,
        settings: () => session.settings,
        defaultOutputDir: defaultVideoOutputDir(),
        onEvent: report,
        demo: () => session.demo,
      });
      stop = () => engine.stop();
      engine.recover();
      code = await Promise.race([engine.whenIdle().then(() => -1), interrupted]);
    }
    progress.end();
    const finals = pending.map((round) => rounds.round(round.id) as VideoRoundRow);
    const done = finals.filter((round) => round.state === 'done');
    const refused = finals.filter((round) => {
      const error = readStoredError(round.error_json);
      return error.ok && error.value?.code === SpendingRefusedError.name;
    });
    if (!values.json) {
      // A demo run says what its rounds would have cost; a real one what was charged.
      const cents = done
        .filter((round) => round.demo === (session.demo ? 1 : 0))
        .reduce(
          (sum, round) => sum + (round.charged_cents ?? (session.demo ? round.estimate_cents : 0)),
          0,
        );
      console.log(
        words(session.demo ? 'cli.video.ranDemo' : 'cli.video.ran', {
          done: done.length,
          total: finals.length,
          charged: money(cents),
          refused: refused.length,
        }),
      );
    }
    if (code !== -1) return code;
    if (done.length === finals.length) return EXIT.done;
    return refused.length > 0 ? EXIT.spending : EXIT.someFailed;
  } finally {
    await session.close();
  }
};

const SUBCOMMANDS: Record<string, Sub> = {
  new: newProject,
  'add-round': addRound,
  import: importRounds,
  run,
  status,
  spending: runVideoSpending,
};

/** `clearframe video …`: projects, rounds and the queue that runs them. */
export async function runVideo(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  const sub = name ? SUBCOMMANDS[name] : undefined;
  if (!sub) {
    return usage(name ? words('cli.video.unknownSub', { name }) : words('cli.video.nameSub'));
  }
  return await sub(rest);
}
