import { describe, expect, it } from 'vitest';
import { parseMaskRequest, rectProblem } from '../../../src-main/cli/remove-masks.ts';

describe('the mask options of remove', () => {
  it.each([
    [
      { 'mask-anchor': 'middle', 'mask-rect': '1,2,3,4' },
      /--mask-anchor takes one of top-left, top-right, bottom-left, bottom-right, relative\./,
    ],
    [
      { 'mask-anchor': 'bottom-right' },
      /--mask-anchor says where --mask-rect or --mask-clear-outside is measured from/,
    ],
    [{ 'mask-rect': '1,2,0,4' }, /--mask-rect takes x,y,width,height/],
    [
      { 'mask-clear-outside': 'a,b', 'auto-mask': true },
      /--mask-clear-outside takes x,y,width,height/,
    ],
    [{ mask: 'm.png', 'auto-mask': true }, /give --mask or --auto-mask, not both\./],
    [{ mask: 'm.png', 'mask-rect': '1,2,3,4' }, /give --mask or --mask-rect, not both\./],
    [{ 'save-masks': 'out' }, /--save-masks writes the masks --auto-mask finds: add --auto-mask\./],
    [{ 'mask-grow': '0', 'auto-mask': true }, /whole number of pixels from 1 to 1000/],
    [{ 'mask-shrink': '2.5', 'auto-mask': true }, /whole number of pixels from 1 to 1000/],
    [
      { 'mask-invert': true },
      /the mask tools change a mask: give --mask-rect, --mask or --auto-mask too\./,
    ],
  ])('refuses %j with a sentence', (values, message) => {
    expect(parseMaskRequest(values)).toMatch(message);
  });

  it('takes a rectangle with its anchor and the tools', () => {
    expect(
      parseMaskRequest({
        'mask-rect': '10,20,300,80',
        'mask-anchor': 'bottom-right',
        'mask-grow': '4',
        'mask-clear-outside': '0,0,400,200',
      }),
    ).toEqual({
      rect: { x: 10, y: 20, width: 300, height: 80, anchor: 'bottom-right' },
      autoMask: false,
      dryRun: false,
      tools: { grow: 4 },
      keepInside: { x: 0, y: 0, width: 400, height: 200, anchor: 'bottom-right' },
    });
  });

  it('names the first image a rectangle does not fit, with the size it needs', () => {
    const images = [
      { path: '/p/big.jpg', width: 1000, height: 800 },
      { path: '/p/small.jpg', width: 300, height: 200 },
    ];
    const rect = { x: 20, y: 20, width: 300, height: 80, anchor: 'bottom-right' as const };
    expect(rectProblem('--mask-rect', rect, images)).toBe(
      'small.jpg is 300×200, and --mask-rect 20,20,300,80 --mask-anchor bottom-right reaches outside it (it needs at least 320×100), so nothing was sent. Give a rectangle inside every image, or measure it from the corner the watermark is near with --mask-anchor.',
    );
    expect(rectProblem('--mask-rect', { ...rect, width: 200 }, images)).toBeUndefined();
    expect(
      rectProblem(
        '--mask-rect',
        { x: 0.8, y: 0.9, width: 0.15, height: 0.05, anchor: 'relative' },
        images,
      ),
    ).toBeUndefined();
  });
});
