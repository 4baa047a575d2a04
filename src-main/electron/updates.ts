import { app, dialog, type BrowserWindow } from 'electron';
import electronUpdater from 'electron-updater';
import type { AppLogger } from '../core/diagnostics/logger.ts';
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
}): Promise<UpdateCheck> {
  const policy = updatesAllowed({
    isPackaged: app.isPackaged,
    demoMode: options.demoMode,
    setting: options.setting,
  });
  if (!policy.allowed) return { status: 'disabled', message: policy.reason };
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = true;
  try {
    const result = await autoUpdater.checkForUpdates();
    if (!result?.isUpdateAvailable) {
      return {
        status: 'up-to-date',
        message: `Clearframe ${app.getVersion()} is the latest version.`,
      };
    }
    const { version, releaseNotes } = result.updateInfo;
    const messageOptions = {
      type: 'info' as const,
      title: 'Update available',
      message: `Clearframe ${version} is available (you have ${app.getVersion()}).`,
      detail: releaseNotesText(releaseNotes),
      buttons: ['Install and Restart', 'Later'],
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
    return { status: 'available', message: `Clearframe ${version} is available.` };
  } catch (error) {
    options.log.warn('updates', error);
    return {
      status: 'failed',
      message: 'Could not check for updates. Check your connection and try again later.',
    };
  }
}
