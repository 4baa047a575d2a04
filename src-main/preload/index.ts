import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge } from './bridge.ts';

type DroppedFile = Parameters<typeof webUtils.getPathForFile>[0];

contextBridge.exposeInMainWorld(
  'clearframe',
  createBridge(ipcRenderer, (file) => webUtils.getPathForFile(file as DroppedFile)),
);
