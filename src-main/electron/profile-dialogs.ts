import type {
  OpenDialogOptions,
  OpenDialogReturnValue,
  SaveDialogOptions,
  SaveDialogReturnValue,
} from 'electron';
import type { Handlers } from '../../src-shared/ipc/common.ts';
import type { profilesShellContract } from '../../src-shared/ipc/profiles.ts';
import type { Words } from '../core/i18n/words.ts';
import { PROFILE_EXTENSION, type ProfileStore } from '../core/profiles/profile-store.ts';

/** The profile file type as the dialogs filter it (the extension without its dot). */
const EXTENSION = PROFILE_EXTENSION.slice(1);

/** The two system dialogs these handlers open (the shell's `ShellDialog`, by shape). */
interface FileDialogs<W> {
  showOpenDialog(window: W | undefined, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  showSaveDialog(window: W | undefined, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
}

/**
 * A watermark profile written to, or read from, the one file the person chooses in the
 * system's dialog. A damaged or foreign file is refused by the store with its sentence.
 */
export function profileDialogs<W>(
  profiles: Pick<ProfileStore, 'exportTo' | 'importFrom'>,
  system: { dialog: FileDialogs<W>; currentWindow(): W | undefined; words: Words },
): Handlers<typeof profilesShellContract> {
  const { dialog, words } = system;
  // Worded when a dialog opens, so a language switched since start is the one shown.
  const filters = () => [{ name: words('main.dialog.profiles'), extensions: [EXTENSION] }];
  return {
    'profiles:export': async ({ name }) => {
      const chosen = await dialog.showSaveDialog(system.currentWindow(), {
        title: words('main.dialog.exportProfile'),
        defaultPath: `${name}${PROFILE_EXTENSION}`,
        filters: filters(),
      });
      if (chosen.canceled || !chosen.filePath) return { path: null };
      await profiles.exportTo(name, chosen.filePath);
      return { path: chosen.filePath };
    },
    'profiles:import': async () => {
      const options: OpenDialogOptions = {
        title: words('main.dialog.importProfile'),
        properties: ['openFile'],
        filters: filters(),
      };
      const chosen = await dialog.showOpenDialog(system.currentWindow(), options);
      const file = chosen.canceled ? undefined : chosen.filePaths[0];
      return { profile: file ? await profiles.importFrom(file) : null };
    },
  };
}
