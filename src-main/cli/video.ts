import path from 'node:path';
import {
  referenceLengthIssues,
  unknownLengthWords,
  type ContentItem,
  type VideoGenerateRequest,
} from '../../src-shared/api/video.ts';
import { IN_FLIGHT_STATES } from '../../src-shared/domain/job-states.ts';
import {
  DEFAULT_ROUND_SECONDS,
  DEFAULT_VIDEO_MODEL,
  VIDEO_LIMITS,
} from '../../src-shared/domain/limits.ts';
import { PRICE_PER_SECOND_USD, type CostEstimate } from '../../src-shared/domain/pricing.ts';
import { MODES } from '../../src-shared/domain/round-draft.ts';
import { defaultVideoOutputDir } from '../core/paths.ts';
import { knownVideoLengths } from '../core/jobs/video/reference-lengths.ts';
import {
  planImport,
  planView,
  queueImport,
  refusedImport,
} from '../core/jobs/video/round-import.ts';
import { keptFrameOf } from '../core/jobs/video/local-last-frame.ts';
import {
  RoundRequestError,
  extensionRequest,
  queueRound,
} from '../core/jobs/video/round-planning.ts';
import type { JobEvent } from '../core/jobs/store/job-tables.ts';
import { SpendingRefusedError, VideoEngine } from '../core/jobs/video/video-engine.ts';
import { readStoredError } from '../core/jobs/lifecycle/outcome.ts';
import { shownError } from '../core/jobs/store/stored-json.ts';
import {
  VideoRounds,
  damagedRoundError,
  readRoundOutputs,
  type VideoRoundRow,
} from '../core/jobs/video/video-rounds.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { Progress } from './progress.ts';
import { runOrHandOver } from './follow.ts';
import { CliSession, SESSION_OPTIONS, onInterrupt } from './session.ts';
import { confirm } from './ask.ts';
import { cliIntl, monthName, stateColumn, words } from './words.ts';
import { formatMoney } from '../../src-shared/i18n/formats.ts';
import { runVideoSpending } from './video-spending.ts';

export const videoUsage = () =>
  words('cli.video.usage', {
    seconds: DEFAULT_ROUND_SECONDS,
    kinds: Object.keys(MODES).join(', '),
    ratios: VIDEO_LIMITS.ratios.join(', '),
  });

/** An amount of money in this run's language. */
const money = (cents: number) => formatMoney(cliIntl(), cents);

type Sub = (args: string[]) => Promise<number>;

function usage(message: string): number {
  console.error(
    `${words('cli.commandProblem', { command: 'video', problem: message })}\n${videoUsage()}`,
  );
  return EXIT.usage;
}

export function describeEstimate(
  estimate: CostEstimate,
  tier: keyof typeof PRICE_PER_SECOND_USD,
): string {
  return words(estimate.upperBound ? 'cli.video.costUpTo' : 'cli.video.costAbout', {
    cost: money(estimate.cents),
    seconds: estimate.seconds,
    rate: cliIntl().formatNumber(PRICE_PER_SECOND_USD[tier]),
  });
}

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
      if (cap !== null && planned > Math.round(cap * 100)) {
        const values = { planned: money(planned), cap: money(Math.round(cap * 100)) };
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

/** A round's clips and what went wrong, as the listing shows them; a damaged round still lists. */
function roundReport(round: VideoRoundRow): { videos?: string[]; error?: string } {
  const outputs = readRoundOutputs(round);
  const error = shownError(readStoredError(round.error_json), [outputs], damagedRoundError);
  return {
    ...(outputs.ok && outputs.value ? { videos: outputs.value.videos } : {}),
    ...(error ? { error: error.message } : {}),
  };
}

/** What a round cost, costs or would cost in demo mode. */
function roundMoney(round: VideoRoundRow): string {
  const charged = round.state === 'done' && round.charged_cents !== null;
  const cost = money(charged ? (round.charged_cents ?? 0) : round.estimate_cents);
  if (round.demo === 1) return words('cli.video.demoCost', { cost });
  return words(charged ? 'cli.video.charged' : 'cli.video.estimated', { cost });
}

function roundLine(round: VideoRoundRow): string {
  const { videos, error } = roundReport(round);
  return `${words('cli.video.round', { position: round.position, state: stateColumn(round.state), money: roundMoney(round) })}${videos ? ` -> ${videos.join(', ')}` : ''}${error ? `: ${error}` : ''}`;
}

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

const status: Sub = async (args) => {
  const { values, positionals } = parseCommand('video status', args, {
    allowPositionals: true,
    options: SESSION_OPTIONS,
  });
  const session = await CliSession.open(values);
  try {
    const rounds = new VideoRounds(session.store);
    const projects = positionals[0] ? [rounds.project(positionals[0])] : rounds.projects();
    if (projects.some((project) => !project)) {
      throw new RoundRequestError(words('cli.video.noProject', { id: positionals[0] ?? '' }));
    }
    const trees = projects.map((project) => rounds.tree(project?.id ?? ''));
    const spending = rounds.spending();
    const queuedCents = rounds.queuedEstimateCents();
    if (values.json) {
      console.log(JSON.stringify({ projects: trees, ...spending, queuedCents }));
      return EXIT.done;
    }
    for (const tree of trees) {
      if (!tree) continue;
      console.log(words('cli.video.project', { name: tree.name, id: tree.id }));
      for (const shot of tree.shots) {
        console.log(
          `  ${shot.title ? words('cli.video.shotTitled', { position: shot.position, title: shot.title, id: shot.id }) : words('cli.video.shot', { position: shot.position, id: shot.id })}`,
        );
        for (const round of shot.rounds) console.log(`    ${roundLine(round)}  (${round.id})`);
      }
    }
    console.log(
      words('cli.video.spending', {
        spent: money(spending.spentCents),
        inFlight: money(spending.inFlightCents),
        queued: money(queuedCents),
      }),
    );
    return EXIT.done;
  } finally {
    await session.close();
  }
};

const importRounds: Sub = async (args) => {
  const { values, positionals } = parseCommand('video import', args, {
    allowPositionals: true,
    options: {
      ...SESSION_OPTIONS,
      project: { type: 'string' },
      new: { type: 'string' },
      yes: { type: 'boolean', default: false },
    },
  });
  const file = positionals[0];
  if (!file) return usage(words('cli.video.nameFile'));
  if ((values.project === undefined) === (values.new === undefined)) {
    return usage(words('cli.video.sayWhere'));
  }
  if (values.new !== undefined && !values.new.trim()) return usage(words('cli.video.nameProject'));
  const session = await CliSession.open(values);
  try {
    const rounds = new VideoRounds(session.store);
    const tree = values.project === undefined ? undefined : rounds.tree(values.project);
    if (values.project !== undefined && !tree) {
      throw new RoundRequestError(words('cli.video.noTarget', { id: values.project }));
    }
    const tier = session.settings.pricingTier;
    const plan = await planImport(path.resolve(file), { rounds, tier, demo: session.demo });
    const view = planView(plan, tree);
    const total = words(view.upperBound ? 'cli.video.upTo' : 'cli.video.about', {
      cost: money(view.totalCents),
    });
    if (values.json) console.log(JSON.stringify(view));
    else if (view.problems.length === 0) {
      for (const round of view.rounds) {
        const cost = words(round.upperBound ? 'cli.video.upTo' : 'cli.video.about', {
          cost: money(round.cents),
        });
        console.log(`${round.label}: ${round.shot}, ${round.kind}, ${cost}: ${round.prompt}`);
        for (const note of round.notes) console.log(`  ${words('cli.note', { note })}`);
      }
      console.log(words('cli.video.importTotal', { count: view.rounds.length, total }));
    }
    if (view.problems.length > 0) throw refusedImport(plan);
    if (!values.yes) {
      if (!process.stdin.isTTY) {
        console.error(words('cli.video.cannotAsk'));
        return EXIT.usage;
      }
      if (!(await confirm(words('cli.video.askQueue', { count: view.rounds.length, total })))) {
        console.error(words('cli.video.nothingQueued'));
        return EXIT.done;
      }
    }
    const target = tree ? { id: tree.id } : { newName: (values.new ?? '').trim() };
    const queued = queueImport(session.store, rounds, tier, plan, target);
    if (values.json) console.log(JSON.stringify(queued));
    else {
      console.log(
        words('cli.video.queuedImport', {
          count: queued.roundIds.length,
          projectId: queued.projectId,
        }),
      );
    }
    return EXIT.done;
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
