import { describe, expect, it } from 'vitest';
import { exifOrientation, withOrientation } from '../../../src-main/core/media/exif-orientation.ts';
import { hasContainerTransform, metaBoxEnd } from '../../../src-main/core/media/heic/boxes.ts';

/** A TIFF block with one IFD entry: the orientation, as a SHORT, in either byte order. */
function exifWith(orientation: number, order: 'II' | 'MM', prefix = true): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  const little = order === 'II';
  const u16 = (value: number, at: number) =>
    little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at);
  const u32 = (value: number, at: number) =>
    little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at);
  tiff.write(order, 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  u16(1, 8);
  u16(0x0112, 10);
  u16(3, 12);
  u32(1, 14);
  u16(orientation, 18);
  return prefix ? Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]) : tiff;
}

function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const fullBox = (type: string, ...children: Buffer[]) => box(type, Buffer.alloc(4), ...children);

describe('the EXIF orientation', () => {
  it('is read in either byte order, with or without the Exif prefix', () => {
    expect(exifOrientation(exifWith(6, 'II'))).toBe(6);
    expect(exifOrientation(exifWith(8, 'MM'))).toBe(8);
    expect(exifOrientation(exifWith(3, 'MM', false))).toBe(3);
  });

  it('is 1 when missing, out of range or the block is broken', () => {
    expect(exifOrientation(undefined)).toBe(1);
    expect(exifOrientation(exifWith(9, 'II'))).toBe(1);
    expect(exifOrientation(Buffer.from('Exif\0\0II*\0'))).toBe(1);
    expect(exifOrientation(exifWith(6, 'II').subarray(0, 20))).toBe(1);
    expect(exifOrientation(Buffer.from('not exif at all'))).toBe(1);
  });

  it('is reset in a copy, the original left as it was', () => {
    const original = exifWith(6, 'MM');
    const reset = withOrientation(original, 1);
    expect(exifOrientation(reset)).toBe(1);
    expect(exifOrientation(original)).toBe(6);
  });
});

describe('a HEIF container turning its image itself', () => {
  const ispe = box('ispe', Buffer.alloc(12));
  const file = (...properties: Buffer[]) =>
    Buffer.concat([
      box('ftyp', Buffer.from('heic\0\0\0\0mif1heic')),
      fullBox('meta', fullBox('hdlr', Buffer.alloc(20)), box('iprp', box('ipco', ...properties))),
      box('mdat', Buffer.alloc(16)),
    ]);

  it('is seen from an irot or imir property', () => {
    expect(hasContainerTransform(file(ispe, box('irot', Buffer.from([3]))))).toBe(true);
    expect(hasContainerTransform(file(box('imir', Buffer.from([0])), ispe))).toBe(true);
  });

  it('has its meta box found from the first bytes, even when they stop inside it', () => {
    const whole = file(ispe, box('irot', Buffer.from([1])));
    const metaAt = whole.indexOf('meta') - 4;
    const end = metaAt + whole.readUInt32BE(metaAt);
    expect(metaBoxEnd(whole.subarray(0, metaAt + 10))).toBe(end);
    expect(metaBoxEnd(whole)).toBe(end);
    expect(metaBoxEnd(whole.subarray(0, metaAt))).toBeUndefined();
  });

  it('is not assumed without one, nor in bytes that are not HEIF or are cut short', () => {
    expect(hasContainerTransform(file(ispe))).toBe(false);
    expect(hasContainerTransform(Buffer.from('plainly not a container'))).toBe(false);
    const whole = file(ispe, box('irot', Buffer.from([1])));
    expect(hasContainerTransform(whole.subarray(0, 40))).toBe(false);
  });
});
