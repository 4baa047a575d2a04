import { stat } from 'node:fs/promises';
import path from 'node:path';
import { videoRequestIssues } from '../../../../src-shared/api/video-request-rules.ts';
import type { MediaItemType, VideoGenerateRequest } from '../../../../src-shared/api/video.ts';
import { DEFAULT_ROUND_SECONDS, VIDEO_LIMITS } from '../../../../src-shared/domain/limits.ts';
import type { CostEstimate } from '../../../../src-shared/domain/pricing.ts';
import { referenceImageProblem } from '../../../../src-shared/domain/reference-image.ts';
import {
  EMPTY_DRAFT,
  MODES,
  isMode,
  placeReferences,
  requestOf,
  slotOfItem,
  type Mode,
} from '../../../../src-shared/domain/round-draft.ts';
import { coreIntl, said } from '../../i18n/core-words.ts';
import { mediaSeconds } from '../../media/media-length.ts';
import { probeFile } from '../../media/probe-file.ts';
import { IMPORT_COLUMNS, type SourceRow } from './import-file.ts';

/** One round of an import that passed every rule, with what it costs and where it goes. */
export interface ImportedRound {
  label: string;
  kind: Mode;
  prompt: string;
  /** The shot's title in the file; empty: a shot of its own. */
  shotTitle: string;
  request: VideoGenerateRequest;
  estimate: CostEstimate;
  /** What could not be checked here, in words (a reference video of unknown length). */
  notes: string[];
}

const TYPE_OF_WORD: Readonly<Record<string, MediaItemType>> = {
  image: 'image_url',
  video: 'video_url',
  audio: 'audio_url',
};

/** A reference as an import row gives it: `video=asset://walk from clips/walk.mp4`. */
interface ParsedReference {
  type: MediaItemType;
  url: string;
  /** How long the file it was uploaded from plays, when the row names that file. */
  seconds?: number;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A CSV cell holds references separated by `|` or line breaks; a JSON round, a list. */
function referenceEntries(value: unknown): string[] | string {
  const list =
    Array.isArray(value) && value.every((entry) => typeof entry === 'string')
      ? value
      : value === undefined || typeof value === 'string'
        ? (value ?? '').split(/[|\n]/)
        : undefined;
  if (!list) return said('core.import.referencesList');
  return list.map((entry) => entry.trim()).filter(Boolean);
}

/** The media type a reference without `image=`, `video=` or `audio=` has: the kind's only one. */
function typeOfKind(kind: Mode): MediaItemType | undefined {
  const types = new Set<MediaItemType>(MODES[kind].slots.map((slot) => slot.type));
  return types.size === 1 ? [...types][0] : undefined;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * One reference of a row, or what is wrong with it. Addresses are left to the rules; a file
 * named with `from` must be there and readable, an image fit the service's size rules.
 */
async function parseReference(
  entry: string,
  number: number,
  kind: Mode,
  dir: string,
): Promise<ParsedReference | string> {
  const named = /^(image|video|audio)\s*=\s*(.*)$/i.exec(entry);
  const type = named ? TYPE_OF_WORD[(named[1] ?? '').toLowerCase()] : typeOfKind(kind);
  const rest = (named ? named[2] : entry) ?? '';
  const where = /^(\S+)(?:\s+from\s+(.+))?$/.exec(rest.trim());
  if (!type) {
    return said('core.import.referenceType', { number: String(number) });
  }
  if (!where) {
    return said('core.import.referenceOneAddress', { number: String(number) });
  }
  const url = where[1] ?? '';
  if (!SCHEME.test(url)) {
    const local = path.resolve(dir, url);
    return (await isFile(local))
      ? said('core.import.referenceLocalFile', { number: String(number), url })
      : said('core.import.referenceNotAddress', { number: String(number), url });
  }
  if (where[2] === undefined) return { type, url };
  const file = path.resolve(dir, where[2].trim());
  if (!(await isFile(file))) {
    return said('core.import.referenceNoFile', { number: String(number), file: where[2].trim() });
  }
  if (type === 'image_url') {
    const probe = await probeFile(file);
    if (!probe.ok) {
      return said('core.import.referenceFileProblem', {
        number: String(number),
        file: where[2].trim(),
        problem: probe.reason,
      });
    }
    const problem = referenceImageProblem(coreIntl(), probe.width, probe.height, probe.bytes);
    return problem
      ? said('core.import.referenceProblem', { number: String(number), problem: problem.message })
      : { type, url };
  }
  const seconds = await mediaSeconds(file).catch(() => undefined);
  if (seconds === undefined) {
    return said('core.import.referenceUnreadable', {
      number: String(number),
      file: where[2].trim(),
      type: type === 'video_url' ? 'video' : 'sound',
    });
  }
  return { type, url, seconds };
}

/** A row's duration: a whole number of seconds, or none given. */
function durationOf(value: unknown): number | undefined | string {
  const given = text(value).trim();
  if (!given) return undefined;
  const seconds = Number(given);
  return Number.isInteger(seconds)
    ? seconds
    : said('core.import.durationWhole', { example: DEFAULT_ROUND_SECONDS, given });
}

export interface RowRound {
  round: Omit<ImportedRound, 'estimate' | 'notes'>;
  /** How the person numbers each media item of the request: its place in the row's list. */
  numbering: (contentIndex: number) => number;
  /** The lengths of its reference videos, from the files the row names. */
  lengths: Map<string, number>;
}

/** A row made into the round the editor would make of the same words, or what is wrong. */
export async function rowRound(row: SourceRow, dir: string): Promise<RowRound | string[]> {
  const { values } = row;
  const problems = row.unknown.map((field) =>
    field === '(not an object)'
      ? said('core.import.notObject')
      : said('core.import.unknownField', { field, columns: IMPORT_COLUMNS.join(', ') }),
  );
  const kindWord = text(values.kind).trim().toLowerCase() || 'text';
  const kind = isMode(kindWord) ? kindWord : undefined;
  if (!kind) {
    problems.push(
      said('core.import.unknownKind', { kind: kindWord, kinds: Object.keys(MODES).join(', ') }),
    );
  }
  const duration = durationOf(values.duration);
  if (typeof duration === 'string') problems.push(duration);
  const entries = referenceEntries(values.references);
  if (typeof entries === 'string') problems.push(entries);
  if (!kind || typeof duration === 'string' || typeof entries === 'string') return problems;

  const references: ParsedReference[] = [];
  for (const [i, entry] of entries.entries()) {
    const parsed = await parseReference(entry, i + 1, kind, dir);
    if (typeof parsed === 'string') problems.push(parsed);
    else references.push(parsed);
  }
  if (problems.length > 0) return problems;

  const auto = kind === 'auto';
  const ratio = text(values.ratio).trim();
  const prompt = text(values.prompt);
  const draft = placeReferences(
    {
      ...EMPTY_DRAFT,
      mode: kind,
      prompt,
      duration: duration ?? DEFAULT_ROUND_SECONDS,
      ratio: ratio || (auto ? VIDEO_LIMITS.adaptiveRatio : VIDEO_LIMITS.defaultRatio),
    },
    references,
  );
  // The auto mode leaves the length to the model: a length the row gives is for the rules
  // to refuse, not to be dropped without a word.
  const request = {
    ...requestOf(draft),
    ...(auto && duration !== undefined ? { duration } : {}),
  };
  const slots = slotOfItem(draft, request);
  const entryOfSlot = draft.urls.map((url) => references.findIndex((r) => r.url === url.trim()));
  const numbering = (index: number) => (entryOfSlot[slots.get(index) ?? -1] ?? index) + 1;
  const words = videoRequestIssues(request, numbering).map((issue) => issue.say(coreIntl()));
  if (words.length > 0) return [...new Set(words)];
  return {
    round: { label: row.label, kind, prompt, shotTitle: text(values.shot).trim(), request },
    numbering,
    lengths: new Map(
      references.flatMap((r) =>
        r.type === 'video_url' && r.seconds !== undefined ? [[r.url, r.seconds] as const] : [],
      ),
    ),
  };
}

/** A reference's first letter up, to begin the message after "Row 4:". */
export function sentence(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${/[.:!?]$/.test(words) ? '' : '.'}`;
}
