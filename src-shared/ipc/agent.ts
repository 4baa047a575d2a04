import { z } from 'zod';
import type { DomainContract } from './common.ts';

/**
 * A paid call of the agent door (`clearframe mcp`) past the person's daily allowance, asked
 * in the window while the app runs: its cost first, then one yes or no. Nothing is sent
 * before the yes.
 */
export const agentQuestionSchema = z.strictObject({
  id: z.string().min(1).max(64),
  tool: z.enum(['clean', 'queue_video_round']),
  /** What the call may cost at most: watermark credits and video US cents. */
  credits: z.number().int().min(0),
  cents: z.number().int().min(0),
});
export type AgentQuestion = z.output<typeof agentQuestionSchema>;

/** The questions waiting for the person, oldest first, as the window shows them. */
export const agentQuestionsSchema = z.object({ questions: z.array(agentQuestionSchema) });

/** The person's answer, answered by the shell (it holds the agent door's socket). */
export const agentShellContract = {
  /** The questions waiting now, for a window that opens (or reloads) while some wait. */
  'agent:questions': { request: z.undefined(), response: agentQuestionsSchema },
  'agent:answer': {
    request: z.strictObject({ id: z.string().min(1).max(64), yes: z.boolean() }),
    /** False when the question had gone already (the agent stopped waiting). */
    response: z.object({ taken: z.boolean() }),
  },
} as const satisfies DomainContract;
