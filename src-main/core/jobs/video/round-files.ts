import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { VideoTask } from '../../../../src-shared/api/video.ts';
import { download } from '../../api/downloader.ts';
import type { Transport } from '../../api/http.ts';
import { UserFacingError } from '../../user-error.ts';
import { slug } from './round-names.ts';
import { sidecarOf, writeSidecar } from './video-sidecar.ts';
import {
  readRoundRequest,
  type RoundOutputs,
  type VideoRoundRow,
  type VideoRounds,
} from './video-rounds.ts';

/** What saving a round's files reads: its shot and project, where to write, and the clock. */
export interface RoundFilesContext {
  rounds: VideoRounds;
  transport: Transport;
  /** The output folder the settings name, or the default one. */
  outputRoot: string;
  now: () => number;
}

/** A round's shot and project, and `<output folder>/<project>`, where its files go. */
export function placeOf(context: RoundFilesContext, round: VideoRoundRow) {
  const shot = context.rounds.shot(round.shot_id);
  const project = shot ? context.rounds.project(shot.project_id) : undefined;
  const folder = path.join(context.outputRoot, slug(project?.name ?? 'project'));
  return { shot, project, folder };
}

/**
 * Clips are named after the project, shot, round and attempt, so downloading again after a
 * crash replaces the same files instead of adding copies.
 */
export async function saveRoundFiles(
  context: RoundFilesContext,
  round: VideoRoundRow,
  task: VideoTask,
  chargedCents: number,
  signal: AbortSignal,
): Promise<{ outputs: RoundOutputs; lastFramePath?: string }> {
  const { shot, project, folder } = placeOf(context, round);
  await mkdir(folder, { recursive: true });
  const base = `shot-${shot?.position ?? 0}-round-${round.position}${round.attempt > 1 ? `-try-${round.attempt}` : ''}`;
  const urls = task.outputs ?? [];
  if (urls.length === 0) throw new UserFacingError({ id: 'core.jobs.noVideo' });
  const videos: string[] = [];
  for (const [index, url] of urls.entries()) {
    const fileName = `${base}${urls.length > 1 ? `-${index + 1}` : ''}.mp4`;
    videos.push(
      (
        await download(context.transport, {
          url,
          targetDir: folder,
          fileName,
          signal,
          owner: round.id,
        })
      ).path,
    );
  }
  let lastFramePath: string | undefined;
  if (task.last_frame_url) {
    lastFramePath = (
      await download(context.transport, {
        url: task.last_frame_url,
        targetDir: folder,
        fileName: `${base}-last-frame.png`,
        signal,
        owner: round.id,
      })
    ).path;
  }
  // The clip is paid for: it is saved even when the round's request cannot be read back,
  // and the sidecar then leaves out what only the request could tell.
  const stored = readRoundRequest(round);
  const request = stored.ok ? stored.value : undefined;
  const sidecar = path.join(folder, `${base}.json`);
  const facts = {
    project: project?.name,
    shot: shot?.position,
    taskId: task.id,
    request,
    // A clip the simulator made cost nothing: its figures only show what it would cost.
    demo: context.rounds.round(round.id)?.demo === 1,
    chargedCents,
    durationSeconds: task.duration ?? undefined,
    finishedAt: context.now(),
    videos,
    lastFramePath,
  };
  await writeSidecar(sidecar, sidecarOf(round, facts), round.id);
  return {
    outputs: {
      videos,
      sidecar,
      videoUrls: urls,
      ...(task.last_frame_url ? { lastFrameUrl: task.last_frame_url } : {}),
    },
    ...(lastFramePath ? { lastFramePath } : {}),
  };
}
