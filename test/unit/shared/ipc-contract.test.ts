import { describe, expect, it } from 'vitest';
import {
  eventChannelNames,
  invokeChannelNames,
  isInvokeChannel,
} from '../../../src-shared/ipc/channels.ts';
import { eventContract, invokeContract } from '../../../src-shared/ipc/contract.ts';

describe('IPC contract', () => {
  it('declares a schema for every channel name and no other', () => {
    expect(Object.keys(invokeContract).sort()).toEqual([...invokeChannelNames].sort());
    expect(Object.keys(eventContract).sort()).toEqual([...eventChannelNames].sort());
  });

  it('names every channel domain:verb', () => {
    for (const name of [...invokeChannelNames, ...eventChannelNames]) {
      expect(name).toMatch(/^[a-z]+:[a-z][a-zA-Z]*$/);
    }
  });

  it('recognises only declared invoke channels', () => {
    expect(isInvokeChannel('app:info')).toBe(true);
    expect(isInvokeChannel('app:secret')).toBe(false);
    expect(isInvokeChannel(42)).toBe(false);
  });

  it('rejects an app:info response with a missing field', () => {
    const result = invokeContract['app:info'].response.safeParse({ name: 'Clearframe' });
    expect(result.success).toBe(false);
  });
});
