import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge, type ChannelNames } from './bridge.ts';

/** The contract's channel names, written in at build time (electron.vite.config.ts). */
declare const CLEARFRAME_CHANNELS: ChannelNames;

type DroppedFile = Parameters<typeof webUtils.getPathForFile>[0];

contextBridge.exposeInMainWorld(
  'clearframe',
  createBridge(
    ipcRenderer,
    (file) => webUtils.getPathForFile(file as DroppedFile),
    CLEARFRAME_CHANNELS,
  ),
);
