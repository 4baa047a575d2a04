/** Updates are offered only to an installed build the user runs for real, and only if wanted. */
export function updatesAllowed(state: {
  isPackaged: boolean;
  demoMode: boolean;
  setting: boolean;
}): { allowed: boolean; reason: string } {
  if (!state.isPackaged) {
    return { allowed: false, reason: 'Updates are off in development builds.' };
  }
  if (state.demoMode) {
    return { allowed: false, reason: 'Updates are off in demo mode; add a key to turn them on.' };
  }
  if (!state.setting) {
    return { allowed: false, reason: 'Updates are turned off in Settings.' };
  }
  return { allowed: true, reason: '' };
}

/** Release notes as plain text for a dialog: GitHub sends HTML, several versions as a list. */
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
  return plain.length > 2000 ? `${plain.slice(0, 2000)}…` : plain || 'No release notes.';
}
