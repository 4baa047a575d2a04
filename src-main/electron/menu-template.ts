import type { MenuItemConstructorOptions } from 'electron';

/**
 * The menus, with the usual roles so every platform gets its own shortcuts (Cmd or Ctrl+Q,
 * +W, +Z, +C, +V, +A, +R, zoom, full screen). On macOS the app menu comes first.
 */
export function menuTemplate(options: {
  platform: NodeJS.Platform;
  openLogsFolder: () => void;
  openHelp: () => void;
  checkForUpdates: () => void;
}): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const updates: MenuItemConstructorOptions = {
    label: 'Check for Updates…',
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
      label: 'File',
      submenu: [
        { label: 'Open Logs Folder', click: options.openLogsFolder },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [{ label: 'Clearframe Help', click: options.openHelp }, ...(mac ? [] : [updates])],
    },
  ];
}
