import { RoundRequestError } from '../core/jobs/video/round-planning.ts';
import { VideoRounds } from '../core/jobs/video/video-rounds.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { CliSession, SESSION_OPTIONS } from './session.ts';
import { words } from './words.ts';
import { money, type Sub } from './video-usage.ts';
import { roundLine } from './video-round-lines.ts';

export const status: Sub = async (args) => {
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
