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
  /** Which agent asks: the name its MCP client gave, when it gave one. */
  agent: z.string().min(1).max(100).optional(),
  /** What a clean is for: how many images, and the files or folders the agent named. */
  images: z.number().int().min(0).optional(),
  places: z.array(z.string().min(1).max(1024)).max(20).optional(),
  /** What a round is for: its prompt (cut short) and length in seconds. */
  prompt: z.string().min(1).max(300).optional(),
  seconds: z.number().int().min(0).optional(),
});
export type AgentQuestion = z.output<typeof agentQuestionSchema>;
/** What a question says of the call beyond its tool and cost. */
export type AgentQuestionAbout = Omit<AgentQuestion, 'id' | 'tool' | 'credits' | 'cents'>;

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
