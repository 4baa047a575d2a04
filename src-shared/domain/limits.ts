/**
 * The service's limits, written once. Sources: the service interface (sections 4.4 and 8)
 * and the provider's public notes; `docs/simulator.md` says which is which.
 */
/**
 * How long a round is when the user names no length, in the window and the command line
 * alike: Clearframe's choice, shorter than the service's own default (`defaultDuration`), so
 * a first try costs the least a model allows to be useful.
 */
export const DEFAULT_ROUND_SECONDS = 5;

/**
 * The most a last frame taken from a clip by the window may weigh as base64: a 4K frame as
 * PNG is about 25 MB, and the service's request body is at most 64 MB.
 */
export const TAKEN_FRAME_MAX_BASE64 = 48 * 1024 * 1024;

export const VIDEO_LIMITS = {
  contentItems: { min: 1, max: 50 },
  /** The default output length when a request names none. */
  defaultDuration: 10,
  /** `duration` in the auto omni mode: the model decides. */
  autoDuration: -1,
  /** Upper bound used to estimate the cost of an auto-mode request. */
  autoDurationUpperBound: 30,
  autoReferenceVideoSeconds: { min: 4, max: 30 },
  resolutions: ['480p', '720p'] as const,
  defaultResolution: '720p',
  ratios: ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'] as const,
  defaultRatio: '16:9',
  /** Whether the service puts its AI watermark on the clip when a request does not say. */
  defaultWatermark: false,
  adaptiveRatio: 'adaptive',
  pollIntervalSeconds: { min: 5, max: 10 },
  listPageSize: { min: 1, max: 500, default: 20 },
  listWindowDays: 7,
  referenceImage: {
    minSide: 300,
    maxSide: 6000,
    minAspect: 0.4,
    maxAspect: 2.5,
    maxBytes: 30 * 1024 * 1024,
  },
  requestBodyMaxBytes: 64 * 1024 * 1024,
} as const;

export type VideoResolution = (typeof VIDEO_LIMITS.resolutions)[number];
export type VideoRatio = (typeof VIDEO_LIMITS.ratios)[number];

/** Models the app knows; an account may have only some of them enabled. */
export const VIDEO_MODELS = {
  'videomodel-2-5': { label: 'Video model 2.5', duration: { min: 4, max: 30 } },
} as const satisfies Record<string, { label: string; duration: { min: number; max: number } }>;

export type VideoModelId = keyof typeof VIDEO_MODELS;

export const DEFAULT_VIDEO_MODEL: VideoModelId = 'videomodel-2-5';

export function isKnownVideoModel(id: string): id is VideoModelId {
  return Object.hasOwn(VIDEO_MODELS, id);
}

/**
 * The most pixels Clearframe decodes from one image: 16383 × 16383, sharp's own default
 * ceiling, written here so the check and the message name one figure. A larger image is
 * refused from its header alone, before any decoding: a small file that claims 30000 ×
 * 30000 pixels (a decompression bomb) would otherwise take gigabytes to open.
 */
export const MAX_DECODE_PIXELS = 16_383 * 16_383;

/**
 * From this share of an image on, a mask sent to the paid service is asked about before
 * anything is sent (in the window and the command line): a watermark rarely covers more,
 * and the service repaints all of it, so a larger mask is more likely a false region or a
 * slip of the brush than a mark, and the photo there is the service's afterwards.
 */
export const LARGE_MASK_SHARE = 0.15;

/** Whether a mask covering `share` of its image (0 to 1) is asked about before it is paid for. */
export function isLargeMask(share: number): boolean {
  return share > LARGE_MASK_SHARE;
}
