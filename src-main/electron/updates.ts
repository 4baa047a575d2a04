import { app, dialog, type BrowserWindow } from 'electron';
import electronUpdater from 'electron-updater';
import type { AppLogger } from '../core/diagnostics/logger.ts';
import type { Words } from '../core/i18n/words.ts';
import { releaseNotesText, updatesAllowed } from './update-policy.ts';

const { autoUpdater } = electronUpdater;

export interface UpdateCheck {
  status: 'disabled' | 'up-to-date' | 'available' | 'failed';
  message: string;
}

/**
 * Checks GitHub Releases (the release workflow publishes there) and, when a newer version
 * exists, shows its notes and lets the user install now or later. Nothing downloads unasked.
 */
export async function checkForUpdates(options: {
  window: BrowserWindow | undefined;
  demoMode: boolean;
  setting: boolean;
  log: AppLogger;
  words: Words;
}): Promise<UpdateCheck> {
  const { words } = options;
  const policy = updatesAllowed({
    isPackaged: app.isPackaged,
    demoMode: options.demoMode,
    setting: options.setting,
  });
  if (!policy.allowed) return { status: 'disabled', message: words(policy.reason) };
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = true;
  try {
    const result = await autoUpdater.checkForUpdates();
    if (!result?.isUpdateAvailable) {
      return {
        status: 'up-to-date',
        message: words('main.updates.latest', { version: app.getVersion() }),
      };
    }
    const { version, releaseNotes } = result.updateInfo;
    const messageOptions = {
      type: 'info' as const,
      title: words('main.updates.title'),
      message: words('main.updates.available', { version, current: app.getVersion() }),
      detail: releaseNotesText(releaseNotes) || words('main.updates.noNotes'),
      buttons: [words('main.updates.install'), words('main.updates.later')],
      defaultId: 0,
      cancelId: 1,
    };
    const choice = options.window
      ? await dialog.showMessageBox(options.window, messageOptions)
      : await dialog.showMessageBox(messageOptions);
    if (choice.response === 0) {
      await autoUpdater.downloadUpdate();
      autoUpdater.quitAndInstall();
    }
    return { status: 'available', message: words('main.updates.availableShort', { version }) };
  } catch (error) {
    options.log.warn('updates', error);
    return {
      status: 'failed',
      message: words('main.updates.failed'),
    };
  }
}
