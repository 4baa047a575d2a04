import { z } from 'zod';
import { guarded, type ToolAnswer, type ToolContext } from './tool-context.ts';
import { roundView, withRounds } from './video-tools.ts';

/** `jobs` and `spending`: what the queue holds and what was spent, both free. */
export function registerStateTools(context: ToolContext): void {
  context.server.registerTool(
    'jobs',
    {
      title: 'Jobs in the queue',
      description:
        'Free. How many image jobs and video rounds are in each state, and, given round ids, the state and money of each.',
      inputSchema: { rounds: z.array(z.string()).optional() },
    },
    guarded(async (args): Promise<ToolAnswer> => {
      const counts = await context.cli(['jobs']);
      const rounds = withRounds(context.dataDir, (store) =>
        (args.rounds ?? []).map((id) => roundView(store.round(id)) ?? { roundId: id, state: null }),
      );
      return context.answer({ ...counts.records[0], rounds, said: counts.said }, counts.code !== 0);
    }),
  );

  context.server.registerTool(
    'spending',
    {
      title: 'Spending so far',
      description:
        "Free. What the agent door committed today against the person's daily allowance (credits and USD), and what video rounds cost so far in all (spent, in flight, queued).",
      inputSchema: {},
    },
    guarded(async (): Promise<ToolAnswer> => {
      const today = await context.allowance.today();
      const totals = withRounds(context.dataDir, (rounds) => ({
        ...rounds.spending(),
        queuedCents: rounds.queuedEstimateCents(),
      }));
      return context.answer({
        day: today.day,
        agentToday: { credits: today.credits, usd: today.cents / 100 },
        allowance: today.limits,
        video: {
          spentUsd: totals.spentCents / 100,
          inFlightUsd: totals.inFlightCents / 100,
          queuedUsd: totals.queuedCents / 100,
        },
      });
    }),
  );
}
