/**
 * Channel names, kept free of zod so the preload bundle stays tiny. The schemas for each
 * name live in `contract.ts`, which is type-checked against these lists.
 */
export const invokeChannelNames = [
  'app:info',
  'app:notices',
  'media:probe',
  'media:cancelProbe',
  'media:probeUrl',
  'media:stagePasted',
  'media:previewClean',
  'media:findWatermark',
  'media:previewUnblend',
  'media:previewService',
  'mask:import',
  'mask:export',
  'mask:transform',
  'watermark:add',
  'watermark:list',
  'watermark:history',
  'watermark:cancel',
  'watermark:retry',
  'watermark:sendAgain',
  'watermark:pause',
  'watermark:resume',
  'watermark:clearFinished',
  'video:projects',
  'video:createProject',
  'video:addShot',
  'video:queueRounds',
  'video:cancel',
  'video:retry',
  'video:sendAgain',
  'video:duplicate',
  'video:extend',
  'video:exportProject',
  'video:chooseImage',
  'video:history',
  'video:attach',
  'video:renameProject',
  'video:move',
  'video:remove',
  'video:chooseTake',
  'video:joinProject',
  'video:spending',
  'video:exportSpending',
  'video:referenceLengths',
  'video:planImport',
  'video:importRounds',
  'settings:get',
  'settings:update',
  'keys:status',
  'keys:set',
  'keys:clear',
  'shell:openExternal',
  'shell:openLogsFolder',
  'shell:reveal',
  'dialog:chooseFolder',
  'account:quota',
  'diagnostics:report',
  'updates:check',
] as const;
export const eventChannelNames = [
  'app:notice',
  'app:mode',
  'jobs:changed',
  'video:changed',
  'media:staged',
] as const;

export type InvokeChannel = (typeof invokeChannelNames)[number];
export type EventChannel = (typeof eventChannelNames)[number];

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && (invokeChannelNames as readonly string[]).includes(name);
}
