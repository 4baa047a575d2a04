import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';

/** Updates are offered only to an installed build the user runs for real, and only if wanted. */
export function updatesAllowed(state: {
  isPackaged: boolean;
  demoMode: boolean;
  setting: boolean;
}): { allowed: true } | { allowed: false; reason: MessageId } {
  if (!state.isPackaged) return { allowed: false, reason: 'main.updates.offDevelopment' };
  if (state.demoMode) return { allowed: false, reason: 'main.updates.offDemo' };
  if (!state.setting) return { allowed: false, reason: 'main.updates.offSetting' };
  return { allowed: true };
}

/**
 * Release notes as plain text for a dialog: GitHub sends HTML, several versions as a list.
 * Empty when there are none, for the dialog to say so in the reader's language.
 */
export function releaseNotesText(
  notes: string | ReadonlyArray<{ version: string; note: string | null }> | null | undefined,
): string {
  const text = Array.isArray(notes)
    ? (notes as ReadonlyArray<{ version: string; note: string | null }>)
        .map((entry) => `${entry.version}\n${entry.note ?? ''}`)
        .join('\n\n')
    : typeof notes === 'string'
      ? notes
      : '';
  const plain = text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h\d)>/gi, '\n')
    .replace(/<li>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return plain.length > 2000 ? `${plain.slice(0, 2000)}…` : plain;
}
