import { z } from 'zod';
import { DEFAULT_FILENAME_TEMPLATE, filenameTemplateProblem } from './filename-template.ts';
import { BUDGET_PERIODS } from './budget.ts';
import { PRICING_TIERS } from './pricing.ts';
import { LANGUAGE_SETTINGS } from '../i18n/languages.ts';

/** The provider's documented host; both interfaces default to it. */
export const PROVIDER_BASE_URL = 'https://backend.kaze.ai';

/**
 * The provider's site, where the account area holds the API tokens (watermark) and the API
 * keys (video). The exact pages are not documented, so the app opens the site and says
 * where to look rather than guessing a path.
 */
export const PROVIDER_SITE_URL = 'https://kaze.ai/';

export const SETTINGS_VERSION = 1;

export const OUTPUT_FORMATS = ['same', 'png', 'jpeg', 'webp'] as const;

export const FOLDER_LAYOUTS = ['mirror', 'flatten'] as const;

const baseUrl = z
  .string()
  .trim()
  .url({ error: 'settings.problem.address' })
  .refine((value) => /^https?:\/\//.test(value), { error: 'settings.problem.addressScheme' });

/**
 * Every user setting, with its default and its rule; written once, used by main and the
 * screens. Its own sentences are message ids; `issueWords` says them, and Zod's complaints,
 * in the reader's language.
 */
export const settingsSchema = z.strictObject({
  version: z.literal(SETTINGS_VERSION),
  watermarkBaseUrl: baseUrl.default(PROVIDER_BASE_URL),
  videoBaseUrl: baseUrl.default(PROVIDER_BASE_URL),
  /** Talk to the built-in simulator instead of the service. */
  demoMode: z.boolean().default(true),
  pricingTier: z.enum(PRICING_TIERS).default('starter'),
  concurrency: z
    .strictObject({
      watermark: z.number().int().min(1).max(32).default(4),
      video: z.number().int().min(1).max(20).default(3),
    })
    .default({ watermark: 4, video: 3 }),
  /** Null: next to each input, in a `clearframe` folder. */
  outputFolder: z.string().min(1).nullable().default(null),
  /**
   * A dropped folder's subfolders under the output folder: kept as they are ("mirror"), or
   * all results in the output folder itself ("flatten", where the conflict policy parts
   * results of the same name).
   */
  folderLayout: z.enum(FOLDER_LAYOUTS).default('mirror'),
  filenameTemplate: z
    .string()
    .superRefine((value, ctx) => {
      const problem = filenameTemplateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.id, params: problem.values });
    })
    .default(DEFAULT_FILENAME_TEMPLATE),
  conflictPolicy: z.enum(['skip', 'overwrite', 'suffix']).default('suffix'),
  metadataPolicy: z.enum(['keep', 'strip']).default('keep'),
  /** The cleaned image's format: the input's own unless the user picks one. */
  outputFormat: z.enum(OUTPUT_FORMATS).default('same'),
  /** Largest watermark image sent as is, in megapixels, and what to do with a larger one. */
  watermarkPixelCap: z
    .strictObject({
      megapixels: z.number().positive().max(200).default(40),
      onExceed: z.enum(['downscale', 'refuse']).default('downscale'),
    })
    .default({ megapixels: 40, onExceed: 'downscale' }),
  /** USD; null means no cap. */
  budgetCapUsd: z
    .number({ error: 'settings.problem.capAmount' })
    .min(0, 'settings.problem.capNegative')
    .nullable()
    .default(null),
  /** What the cap counts: everything ever spent, or each calendar month's, in local time. */
  budgetCapPeriod: z.enum(BUDGET_PERIODS).default('all-time'),
  /**
   * What `clearframe mcp` may let an AI agent spend per calendar day: watermark credits and
   * video USD. Zero until the person sets it: an agent never spends on a default.
   */
  agentAllowance: z
    .strictObject({
      creditsPerDay: z.number().int().min(0).default(0),
      usdPerDay: z.number().min(0).default(0),
    })
    .default({ creditsPerDay: 0, usdPerDay: 0 }),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** The interface language: the system's best match, one of the catalogues, or the pseudo-locale. */
  language: z.enum(LANGUAGE_SETTINGS).default('system'),
  checkForUpdates: z.boolean().default(true),
});

export type Settings = z.output<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({ version: SETTINGS_VERSION });
