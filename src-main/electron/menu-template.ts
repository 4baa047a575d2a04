import type { MenuItemConstructorOptions } from 'electron';
import type { Words } from '../core/i18n/words.ts';

/**
 * The menus, with the usual roles so every platform gets its own shortcuts (Cmd or Ctrl+Q,
 * +W, +Z, +C, +V, +A, +R, zoom, full screen; Electron words those in the system's language).
 * On macOS the app menu comes first. The menus are built once, in the language at start.
 */
export function menuTemplate(options: {
  platform: NodeJS.Platform;
  openLogsFolder: () => void;
  openHelp: () => void;
  checkForUpdates: () => void;
  words: Words;
}): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const { words } = options;
  const updates: MenuItemConstructorOptions = {
    label: words('main.menu.checkForUpdates'),
    click: options.checkForUpdates,
  };
  return [
    ...(mac
      ? [
          {
            label: 'Clearframe',
            submenu: [
              { role: 'about' as const },
              updates,
              { type: 'separator' as const },
              { role: 'services' as const },
              { type: 'separator' as const },
              { role: 'hide' as const },
              { role: 'hideOthers' as const },
              { role: 'unhide' as const },
              { type: 'separator' as const },
              { role: 'quit' as const },
            ],
          },
        ]
      : []),
    {
      label: words('main.menu.file'),
      submenu: [
        { label: words('main.menu.openLogs'), click: options.openLogsFolder },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: words('main.menu.help'), click: options.openHelp },
        ...(mac ? [] : [updates]),
      ],
    },
  ];
}
