import {
  PRICE_PER_SECOND_USD,
  PRICING_TIERS,
  type PricingTier,
} from '../../src-shared/domain/pricing.ts';
import { renderFilename } from '../../src-shared/domain/filename-template.ts';
import type { Settings } from '../../src-shared/domain/settings.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';

/** A pricing tier's name, as the provider's price list says it: a name, not a translation. */
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
 * stored values are the settings file's words; these messages are the user's.
 */
export const SETTING_MESSAGES = {
  budgetCapPeriod: {
    'all-time': 'settings.value.budgetCapPeriod.all-time',
    month: 'settings.value.budgetCapPeriod.month',
  },
  conflictPolicy: {
    suffix: 'settings.value.conflictPolicy.suffix',
    skip: 'settings.value.conflictPolicy.skip',
    overwrite: 'settings.value.conflictPolicy.overwrite',
  },
  folderLayout: {
    mirror: 'settings.value.folderLayout.mirror',
    flatten: 'settings.value.folderLayout.flatten',
  },
  metadataPolicy: {
    keep: 'settings.value.metadataPolicy.keep',
    strip: 'settings.value.metadataPolicy.strip',
  },
  outputFormat: {
    same: 'settings.value.outputFormat.same',
    png: 'settings.value.outputFormat.pngFormat',
    jpeg: 'settings.value.outputFormat.jpegFormat',
    webp: 'settings.value.outputFormat.webpFormat',
  },
  pricingTier: {
    starter: 'settings.value.pricingTier',
    enterprise: 'settings.value.pricingTier',
  },
  theme: {
    system: 'settings.value.theme.system',
    light: 'settings.value.theme.light',
    dark: 'settings.value.theme.dark',
  },
} as const satisfies { [K in WordedSetting]: Record<Settings[K], MessageId> };

/** A tier's choice names the tier and its price a second, in the reader's money format. */
function tierValues(intl: Formatter, tier: PricingTier): Record<string, string> {
  const cents = Math.round(PRICE_PER_SECOND_USD[tier] * 100);
  return { tier: TIER_NAMES[tier], price: formatMoney(intl, cents) };
}

/** A setting's choices as `<option>`s take them: the stored value and the user's words. */
export function settingChoices(
  name: WordedSetting,
  intl: Formatter,
): { value: string; label: string }[] {
  return Object.entries(SETTING_MESSAGES[name]).map(([value, id]: [string, MessageId]) => ({
    value,
    label: intl.formatMessage(
      { id },
      name === 'pricingTier' ? tierValues(intl, value as PricingTier) : undefined,
    ),
  }));
}

/** The photo a file name template is shown with: a camera's name for it. */
const EXAMPLE = { name: 'IMG_0412', ext: 'jpg' };
export const EXAMPLE_PHOTO = `${EXAMPLE.name}.${EXAMPLE.ext}`;

/** A file name template said as the name one photo would get, such as "IMG_0412-clean.jpg". */
export function filenameExample(template: string): string {
  return renderFilename(template, {
    ...EXAMPLE,
    date: new Date().toISOString().slice(0, 10),
    n: 1,
  });
}
