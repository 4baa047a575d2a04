import {
  PRICE_PER_SECOND_USD,
  PRICING_TIERS,
  type PricingTier,
} from '../../src-shared/domain/pricing.ts';
import { renderFilename } from '../../src-shared/domain/filename-template.ts';
import type { Settings } from '../../src-shared/domain/settings.ts';

/** A pricing tier's name, as the provider's price list says it. */
export const TIER_NAMES: Readonly<Record<PricingTier, string>> = {
  starter: 'Starter',
  enterprise: 'Enterprise',
};

/** A tier as the account reports it, by its name when it is one Clearframe knows. */
export function tierName(tier: string): string {
  const known = PRICING_TIERS.find((name) => name === tier);
  return known ? TIER_NAMES[known] : tier;
}

/** The settings whose values are words from a fixed list. */
export type WordedSetting =
  | 'budgetCapPeriod'
  | 'conflictPolicy'
  | 'folderLayout'
  | 'metadataPolicy'
  | 'outputFormat'
  | 'pricingTier'
  | 'theme';

/**
 * The one wording of each setting value, for every screen that shows or offers it. The
 * stored values are the settings file's words; these are the user's.
 */
export const SETTING_WORDS = {
  budgetCapPeriod: {
    'all-time': 'Everything ever spent',
    month: "Each calendar month (this computer's time zone)",
  },
  conflictPolicy: {
    suffix: 'Add a number',
    skip: 'Skip the image',
    overwrite: 'Overwrite the old result',
  },
  folderLayout: {
    mirror: 'Keep them in the output folder',
    flatten: 'Put every result in the output folder itself',
  },
  metadataPolicy: {
    keep: 'Keep it',
    strip: 'Remove it',
  },
  outputFormat: {
    same: 'Same as the image (JPEG for HEIC)',
    png: 'PNG',
    jpeg: 'JPEG',
    webp: 'WebP',
  },
  pricingTier: {
    starter: `${TIER_NAMES.starter} (${PRICE_PER_SECOND_USD.starter.toFixed(2)} USD a second)`,
    enterprise: `${TIER_NAMES.enterprise} (${PRICE_PER_SECOND_USD.enterprise.toFixed(2)} USD a second)`,
  },
  theme: {
    system: 'Same as the system',
    light: 'Light',
    dark: 'Dark',
  },
} as const satisfies { [K in WordedSetting]: Record<Settings[K], string> };

/** A setting's choices as `<option>`s take them: the stored value and the user's words. */
export function settingChoices(name: WordedSetting): { value: string; label: string }[] {
  return Object.entries(SETTING_WORDS[name]).map(([value, label]) => ({ value, label }));
}

/** A file name template said as the name one photo would get, such as "IMG_0412-clean.jpg". */
export function filenameExample(template: string): string {
  return renderFilename(template, {
    name: 'IMG_0412',
    ext: 'jpg',
    date: new Date().toISOString().slice(0, 10),
    n: 1,
  });
}
