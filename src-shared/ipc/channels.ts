import {
  eventContract,
  invokeContract,
  type EventChannel,
  type InvokeChannel,
} from './contract.ts';

export type { EventChannel, InvokeChannel };

/**
 * Channel names, read off the contract so each is written once, in its domain's file. The
 * preload is given these lists at build time (electron.vite.config.ts), not this module, so
 * it carries none of the contract's schemas.
 */
export const invokeChannelNames = Object.keys(invokeContract) as InvokeChannel[];
export const eventChannelNames = Object.keys(eventContract) as EventChannel[];

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.hasOwn(invokeContract, name);
}
