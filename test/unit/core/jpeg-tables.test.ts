import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chromaSubsamplingOf, readJpegEncoding } from '../../../src-main/core/media/jpeg-tables.ts';
import { makePhoto } from '../../support/images.ts';

const photo = async () => sharp(await makePhoto(64, 48, 'png'));

describe('the JPEG quantisation-table reader', () => {
  it.each([75, 88, 95])('reads back the quality sharp encoded at, %i', async (quality) => {
    const bytes = await (await photo()).jpeg({ quality }).toBuffer();
    expect(readJpegEncoding(bytes)).toEqual({
      quality,
      exact: true,
      sampling: ['2x2', '1x1', '1x1'],
      progressive: false,
    });
  });

  it('reads the chroma layout and a progressive frame', async () => {
    const full = await (
      await photo()
    )
      .jpeg({ quality: 90, chromaSubsampling: '4:4:4', progressive: true })
      .toBuffer();
    const read = readJpegEncoding(full);
    expect(read).toMatchObject({ quality: 90, sampling: ['1x1', '1x1', '1x1'], progressive: true });
    expect(chromaSubsamplingOf(read?.sampling ?? [])).toBe('4:4:4');
    expect(chromaSubsamplingOf(['2x2', '1x1', '1x1'])).toBe('4:2:0');
    // sharp writes no 4:2:2; such a source keeps its chroma detail at 4:4:4.
    expect(chromaSubsamplingOf(['2x1', '1x1', '1x1'])).toBe('4:4:4');
  });

  it('reads a greyscale JPEG and says nothing of other bytes', async () => {
    const grey = await (await photo()).toColourspace('b-w').jpeg({ quality: 60 }).toBuffer();
    expect(readJpegEncoding(grey)).toMatchObject({ quality: 60, sampling: ['1x1'] });
    expect(readJpegEncoding(await makePhoto(8, 8, 'png'))).toBeUndefined();
    expect(readJpegEncoding(Buffer.from([0xff, 0xd8, 0xff]))).toBeUndefined();
  });
});
