import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import {
  referenceLengthIssues,
  unknownLengthWords,
  type ContentItem,
  type VideoGenerateRequest,
} from '../../src-shared/api/video.ts';
import { formatUsd, roundMoneyWords } from '../../src-shared/domain/budget.ts';
import { monthWords } from '../../src-shared/domain/calendar-month.ts';
import { IN_FLIGHT_STATES } from '../../src-shared/domain/job-states.ts';
import {
  DEFAULT_ROUND_SECONDS,
  DEFAULT_VIDEO_MODEL,
  VIDEO_LIMITS,
} from '../../src-shared/domain/limits.ts';
import { PRICE_PER_SECOND_USD, type CostEstimate } from '../../src-shared/domain/pricing.ts';
import { MODES } from '../../src-shared/domain/round-draft.ts';
import { defaultVideoOutputDir } from '../core/paths.ts';
import { knownVideoLengths } from '../core/jobs/reference-lengths.ts';
import { planImport, planView, queueImport, refusedImport } from '../core/jobs/round-import.ts';
import { keptFrameOf } from '../core/jobs/local-last-frame.ts';
import { RoundRequestError, extensionRequest, queueRound } from '../core/jobs/round-planning.ts';
import type { JobEvent } from '../core/jobs/store.ts';
import { SpendingRefusedError, VideoEngine } from '../core/jobs/video-engine.ts';
import { readStoredError } from '../core/jobs/outcome.ts';
import { shownError } from '../core/jobs/stored-json.ts';
import {
  VideoRounds,
  damagedRoundError,
  readRoundOutputs,
  type VideoRoundRow,
} from '../core/jobs/video-rounds.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { Progress } from './progress.ts';
import { runOrHandOver } from './follow.ts';
import { CliSession, SESSION_OPTIONS, onInterrupt } from './session.ts';
import { runVideoSpending } from './video-spending.ts';

export const VIDEO_USAGE = `Usage:
  clearframe video new <name> [--shot title]
  clearframe video add-round <project or shot id> --prompt text [--duration s (default ${DEFAULT_ROUND_SECONDS})] [--resolution 480p|720p]
        [--ratio 16:9] [--model id] [--image url[=role]]… [--video url] [--audio url] [--auto]
        [--last-frame] [--generate-audio] [--watermark]
  clearframe video add-round --extend <round id> --prompt text
  clearframe video import <file.csv|file.json> (--project id | --new name) [--yes]
  clearframe video run [--concurrency n] [--out dir] [--demo]
  clearframe video status [project id]
  clearframe video spending [--project id] [--month YYYY-MM] [--csv file]
        every round the service may have billed (its charge, or its estimate while the
        service has not said), newest first, by month (this computer's time zone) and by
        project; --csv also writes it as a CSV file, never over a file already there
All take --json and --data-dir dir.

video import queues a batch of rounds from a CSV file (a header row naming the columns)
or a JSON list of objects, with these columns or fields:
  prompt      what the round shows (required)
  kind        ${Object.keys(MODES).join(', ')} (default text)
  references  image=URL, video=URL or audio=URL, separated by | (a list in JSON); the Nth
              of a kind is @imageN, @videoN, @audioN in the prompt. "video=asset://id from
              clip.mp4" names the file it was uploaded from, so its length is checked here.
  duration    seconds (default ${DEFAULT_ROUND_SECONDS}; leave it empty for auto)
  ratio       ${VIDEO_LIMITS.ratios.join(', ')} (adaptive for auto)
  shot        rounds naming the same shot share it; a round without one gets its own
Every row is checked first: one broken row queues nothing, and each problem names its row.
The rounds and their total cost are shown, then asked about; --yes queues them without
asking (needed when standard input is not a terminal).`;

type Sub = (args: string[]) => Promise<number>;

function usage(message: string): number {
  console.error(`clearframe video: ${message}\n${VIDEO_USAGE}`);
  return EXIT.usage;
}

export function describeEstimate(
  estimate: CostEstimate,
  tier: keyof typeof PRICE_PER_SECOND_USD,
): string {
  const rate = `${PRICE_PER_SECOND_USD[tier]} USD/s`;
  return estimate.upperBound
    ? `up to ${formatUsd(estimate.cents)} (auto mode: the model picks the length; ${estimate.seconds} s at ${rate} is the most it can cost)`
    : `about ${formatUsd(estimate.cents)} (${estimate.seconds} s at ${rate})`;
}

const newProject: Sub = async (args) => {
  const { values, positionals } = parseCommand('video new', args, {
    allowPositionals: true,
    options: { ...SESSION_OPTIONS, shot: { type: 'string' } },
  });
  const name = positionals.join(' ').trim();
  if (!name) return usage('give the new project a name.');
  const session = await CliSession.open(values);
  try {
    const rounds = new VideoRounds(session.store);
    const projectId = rounds.createProject(name);
    const shotId = rounds.addShot(projectId, values.shot ?? '');
    if (values.json) console.log(JSON.stringify({ projectId, shotId }));
    else console.log(`Project "${name}": ${projectId}\nShot 1: ${shotId}`);
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
  if (!values.prompt?.trim()) return usage('--prompt is required: say what the round should show.');
  const duration = values.duration === undefined ? undefined : Number(values.duration);
  if (duration !== undefined && !Number.isInteger(duration)) {
    return usage('--duration takes whole seconds, such as 8.');
  }
  const session = await CliSession.open(values);
  try {
    const rounds = new VideoRounds(session.store);
    let shotId: string | undefined;
    let request: VideoGenerateRequest;
    if (values.extend) {
      const previous = rounds.round(values.extend);
      if (!previous) throw new RoundRequestError(`There is no round ${values.extend}.`);
      shotId = previous.shot_id;
      request = extensionRequest(previous, values.prompt, await keptFrameOf(previous));
    } else {
      const target = positionals[0];
      if (!target) return usage('name the project or shot the round belongs to.');
      const tree = rounds.tree(target);
      shotId = tree ? tree.shots.at(-1)?.id : rounds.shot(target)?.id;
      if (!shotId) {
        throw new RoundRequestError(
          `There is no project or shot ${target}. "clearframe video status" lists them.`,
        );
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
        `Queued round ${round.position}: ${roundId}\nCost: ${describeEstimate(estimate, tier)}`,
      );
      if (unknown.length > 0) console.log(`Note: ${unknownLengthWords(unknown)}`);
      const { budgetCapUsd: cap, budgetCapPeriod } = session.settings;
      const { spentCents, inFlightCents, month } = rounds.spendingForCap(
        budgetCapPeriod,
        session.store.now(),
      );
      const planned = spentCents + inFlightCents + rounds.queuedEstimateCents();
      if (cap !== null && planned > Math.round(cap * 100)) {
        console.log(
          `Note: everything queued comes to ${formatUsd(planned)} with what was spent${month ? ` in ${monthWords(month)}` : ''}, over the ${month ? 'monthly ' : ''}budget cap of ${formatUsd(Math.round(cap * 100))}; rounds past the cap will stop before they are paid.`,
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

function roundLine(round: VideoRoundRow): string {
  const { videos, error } = roundReport(round);
  const money = roundMoneyWords({
    state: round.state,
    chargedCents: round.charged_cents,
    estimateCents: round.estimate_cents,
    demo: round.demo === 1,
  });
  return `round ${round.position} ${round.state.padEnd(15)} ${money}${videos ? ` -> ${videos.join(', ')}` : ''}${error ? `: ${error}` : ''}`;
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
    return usage('--concurrency must be a whole number from 1 to 20.');
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
    const progress = new Progress({ total: pending.length, json: values.json, label: 'Rendering' });
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
      const charged = done
        .filter((round) => round.demo === 0)
        .reduce((sum, round) => sum + (round.charged_cents ?? 0), 0);
      console.log(
        `${done.length} of ${finals.length} rounds done, ${formatUsd(charged)} charged${session.demo ? ' (demo: the built-in simulator made them)' : ''}.${refused.length ? ` ${refused.length} stopped by the budget cap or the balance.` : ''}`,
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
      throw new RoundRequestError(
        `There is no project ${positionals[0]}. Run "clearframe video status" for the list.`,
      );
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
      console.log(`${tree.name}  (${tree.id})`);
      for (const shot of tree.shots) {
        console.log(`  shot ${shot.position}${shot.title ? ` "${shot.title}"` : ''}  (${shot.id})`);
        for (const round of shot.rounds) console.log(`    ${roundLine(round)}  (${round.id})`);
      }
    }
    console.log(
      `Spent ${formatUsd(spending.spentCents)}; in flight ${formatUsd(spending.inFlightCents)}; queued ${formatUsd(queuedCents)} if it all runs.`,
    );
    return EXIT.done;
  } finally {
    await session.close();
  }
};

/** Asks a yes-or-no question on the terminal; anything but yes is no. */
async function confirm(question: string): Promise<boolean> {
  const readline = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await readline.question(`${question} [y/N] `)).trim());
  } finally {
    readline.close();
  }
}

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
  if (!file) return usage('name the CSV or JSON file to import.');
  if ((values.project === undefined) === (values.new === undefined)) {
    return usage('say where the rounds go: --project <id> or --new <name>.');
  }
  if (values.new !== undefined && !values.new.trim()) return usage('give the new project a name.');
  const session = await CliSession.open(values);
  try {
    const rounds = new VideoRounds(session.store);
    const tree = values.project === undefined ? undefined : rounds.tree(values.project);
    if (values.project !== undefined && !tree) {
      throw new RoundRequestError(
        `There is no project ${values.project}. "clearframe video status" lists them.`,
      );
    }
    const tier = session.settings.pricingTier;
    const plan = await planImport(path.resolve(file), { rounds, tier, demo: session.demo });
    const view = planView(plan, tree);
    const total = `${view.upperBound ? 'up to' : 'about'} ${formatUsd(view.totalCents)}`;
    if (values.json) console.log(JSON.stringify(view));
    else if (view.problems.length === 0) {
      for (const round of view.rounds) {
        console.log(
          `${round.label}: ${round.shot}, ${round.kind.toLowerCase()}, ${round.upperBound ? 'up to' : 'about'} ${formatUsd(round.cents)}: ${round.prompt}`,
        );
        for (const note of round.notes) console.log(`  Note: ${note}`);
      }
      console.log(`${view.rounds.length} round${view.rounds.length === 1 ? '' : 's'}, ${total}.`);
    }
    if (view.problems.length > 0) throw refusedImport(plan);
    if (!values.yes) {
      if (!process.stdin.isTTY) {
        console.error(
          'clearframe video import: nothing was queued. Standard input is not a terminal, so Clearframe cannot ask: add --yes to queue these rounds for the cost shown.',
        );
        return EXIT.usage;
      }
      if (!(await confirm(`Queue ${view.rounds.length} rounds for ${total}?`))) {
        console.error('Nothing was queued.');
        return EXIT.done;
      }
    }
    const target = tree ? { id: tree.id } : { newName: (values.new ?? '').trim() };
    const queued = queueImport(session.store, rounds, tier, plan, target);
    if (values.json) console.log(JSON.stringify(queued));
    else {
      console.log(
        `Queued ${queued.roundIds.length} rounds in project ${queued.projectId}. "clearframe video run" makes them.`,
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
  if (!sub) return usage(name ? `unknown subcommand "${name}".` : 'name a subcommand.');
  return await sub(rest);
}
