import path from 'node:path';
import {
  planImport,
  planView,
  queueImport,
  refusedImport,
} from '../core/jobs/video/round-import.ts';
import { RoundRequestError } from '../core/jobs/video/round-planning.ts';
import { VideoRounds } from '../core/jobs/video/video-rounds.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { CliSession, SESSION_OPTIONS } from './session.ts';
import { confirm } from './ask.ts';
import { words } from './words.ts';
import { money, usage, type Sub } from './video-usage.ts';

export const importRounds: Sub = async (args) => {
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
