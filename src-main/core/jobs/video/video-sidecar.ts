import path from 'node:path';
import { z } from 'zod';
import type { VideoGenerateRequest } from '../../../../src-shared/api/video.ts';
import { writeFileAtomic } from '../../fs/atomic-write.ts';
import type { VideoRoundRow } from './video-rounds.ts';

/**
 * The JSON left beside each clip, for whoever finds the file later: where it came from, what
 * was asked and what it cost. Written once here; other tools read it, so a field is only
 * ever added.
 */
export const videoSidecarSchema = z.object({
  source: z.literal('Clearframe'),
  project: z.string().optional(),
  shot: z.number().int().optional(),
  round: z.number().int(),
  attempt: z.number().int(),
  taskId: z.string(),
  model: z.string().optional(),
  /** The prompt's text parts; absent for a task attached from the service, whose prompt is unknown. */
  prompt: z.array(z.string()).optional(),
  /** The request as sent; absent when it cannot be read back (the clip is saved all the same). */
  request: z.unknown().optional(),
  /** Made by the simulator: its figures only show what it would cost. */
  demo: z.boolean(),
  estimateUsd: z.number(),
  chargedUsd: z.number(),
  durationSeconds: z.number().optional(),
  queuedAt: z.string(),
  submittedAt: z.string().optional(),
  finishedAt: z.string(),
  videos: z.array(z.string()),
  lastFrame: z.string().optional(),
});
export type VideoSidecar = z.infer<typeof videoSidecarSchema>;

/** What the sidecar tells that the round's row does not. */
export interface SidecarFacts {
  project: string | undefined;
  shot: number | undefined;
  taskId: string;
  request: VideoGenerateRequest | undefined;
  demo: boolean;
  chargedCents: number;
  durationSeconds: number | undefined;
  finishedAt: number;
  videos: string[];
  lastFramePath: string | undefined;
}

/** The sidecar of a round's clips, checked against its schema before it is written. */
export function sidecarOf(round: VideoRoundRow, facts: SidecarFacts): VideoSidecar {
  const { request } = facts;
  return videoSidecarSchema.parse({
    source: 'Clearframe',
    project: facts.project,
    shot: facts.shot,
    round: round.position,
    attempt: round.attempt,
    taskId: facts.taskId,
    model: request?.model,
    prompt:
      round.prompt_unknown === 1
        ? undefined
        : request?.content.filter((item) => item.type === 'text').map((item) => item.text),
    request,
    demo: facts.demo,
    estimateUsd: round.estimate_cents / 100,
    chargedUsd: facts.chargedCents / 100,
    durationSeconds: facts.durationSeconds,
    queuedAt: new Date(round.created_at).toISOString(),
    submittedAt: round.submitted_at ? new Date(round.submitted_at).toISOString() : undefined,
    finishedAt: new Date(facts.finishedAt).toISOString(),
    videos: facts.videos.map((file) => path.basename(file)),
    lastFrame: facts.lastFramePath ? path.basename(facts.lastFramePath) : undefined,
  } satisfies Record<keyof VideoSidecar, unknown>);
}

/** Writes a round's sidecar atomically, as one of the round's own files. */
export async function writeSidecar(file: string, sidecar: VideoSidecar, owner: string) {
  await writeFileAtomic(file, `${JSON.stringify(sidecar, null, 2)}\n`, { owner });
}
