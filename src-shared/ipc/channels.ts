import {
  eventContract,
  invokeContract,
  type EventChannel,
  type InvokeChannel,
} from './contract.ts';

export type { EventChannel, InvokeChannel };

/**
 * Channel names, read off the contract so each is written once, in its domain's file. The
 * preload checks names against these lists, so it carries the contract's schemas with it.
 */
export const invokeChannelNames = Object.keys(invokeContract) as InvokeChannel[];
export const eventChannelNames = Object.keys(eventContract) as EventChannel[];

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.hasOwn(invokeContract, name);
}
