import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { planeMarksNothing } from '../../../src-shared/domain/mask-raster.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { MASK_MARK_RGB } from '../../../src-shared/domain/strokes.ts';
import type { InvokeRequest, InvokeResponse } from '../../../src-shared/ipc/contract.ts';
import { UserFacingError } from '../user-error.ts';
import { applyMaskTools, buildMask, paintPlane } from './mask-builder.ts';
import { importMask, type ImportedMask } from './mask-import.ts';
import { encodeTwoColourPng } from './two-colour-png.ts';

/**
 * Masks the user imported, kept in the data folder as checked two-colour PNGs named by
 * token, so a stroke list can refer to one (`{kind: 'bitmap', token}`) and a job can be
 * built from it later, at whatever size the image is sent.
 */
export class MaskStore {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  private file(token: string): string {
    return path.join(this.dir, `${path.basename(token)}.png`);
  }

  /** Checks and converts a mask file for an image of this size; the token names it from then on. */
  async import(
    source: string,
    width: number,
    height: number,
  ): Promise<{ token: string } & Omit<ImportedMask, 'png' | 'plane'>> {
    const imported = await importMask(await readFile(source), width, height);
    const token = randomUUID();
    await mkdir(this.dir, { recursive: true });
    await writeFileAtomic(this.file(token), imported.png);
    return {
      token,
      coverage: imported.coverage,
      convention: imported.convention,
      resized: imported.resized,
      warnings: imported.warnings,
      ...(imported.everything ? { everything: imported.everything } : {}),
    };
  }

  /**
   * Keeps a mask Clearframe made (one found in a batch, or changed by the mask tools) for a
   * stroke list to name. The token is made from the mask's bytes, so the same mask kept
   * twice is one file and one token: a run repeated with it is known as the same mask.
   */
  async keep(plane: Uint8Array, width: number, height: number): Promise<{ token: string }> {
    const png = encodeTwoColourPng(plane, width, height, MASK_MARK_RGB);
    const hex = createHash('sha256').update(png).digest('hex');
    // Laid out as a UUID (version 8, for ids made by their own rule), as bitmap strokes take.
    const token = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    const target = this.file(token);
    const kept = await access(target).then(
      () => true,
      () => false,
    );
    if (!kept) {
      await mkdir(this.dir, { recursive: true });
      await writeFileAtomic(target, png);
    }
    return { token };
  }

  /** The marked pixels of every imported mask the strokes name, at this size. */
  async planes(
    strokes: readonly Stroke[],
    width: number,
    height: number,
  ): Promise<Map<string, Uint8Array>> {
    const planes = new Map<string, Uint8Array>();
    for (const stroke of strokes) {
      if (stroke.kind !== 'bitmap' || planes.has(stroke.token)) continue;
      const { data } = await sharp(this.file(stroke.token))
        .resize(width, height, { fit: 'fill', kernel: 'nearest' })
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      // A plain loop: `Uint8Array.from` with a function took about 2 s on a 12-MP mask.
      const plane = new Uint8Array(data.length);
      for (let i = 0; i < data.length; i += 1) plane[i] = (data[i] as number) > 0 ? 1 : 0;
      planes.set(stroke.token, plane);
    }
    return planes;
  }

  /** The final mask PNG for strokes that may include imported masks. */
  async build(strokes: readonly Stroke[], width: number, height: number): Promise<Buffer> {
    return buildMask(width, height, strokes, await this.planes(strokes, width, height));
  }

  /** A whole-mask tool on the mask the strokes make, kept as an imported mask for the editor. */
  async transform(
    strokes: readonly Stroke[],
    width: number,
    height: number,
    tool: InvokeRequest<'mask:transform'>['tool'],
  ): Promise<InvokeResponse<'mask:transform'>> {
    const changed = applyMaskTools(await this.plane(strokes, width, height), width, height, {
      ...(tool.kind === 'grow' ? { grow: tool.pixels } : {}),
      ...(tool.kind === 'shrink' ? { shrink: tool.pixels } : {}),
      ...(tool.kind === 'invert' ? { invert: true } : {}),
      ...(tool.kind === 'keepInside' ? { keepInside: tool.box } : {}),
    });
    if (planeMarksNothing(changed)) throw new UserFacingError({ id: 'core.app.maskToolEmpty' });
    let marked = 0;
    for (const value of changed) marked += value;
    const { token: maskToken } = await this.keep(changed, width, height);
    return { maskToken, fraction: marked / changed.length };
  }

  /** The strokes, imported masks included, as a plane of this size: 1 where marked. */
  async plane(strokes: readonly Stroke[], width: number, height: number): Promise<Uint8Array> {
    return paintPlane(width, height, strokes, await this.planes(strokes, width, height));
  }

  /** An overlay for the editor: marked pixels red, the rest transparent. */
  async overlay(token: string): Promise<string | undefined> {
    const target = path.join(this.dir, `${path.basename(token)}.overlay.png`);
    if (
      await access(target).then(
        () => true,
        () => false,
      )
    )
      return target;
    const source = this.file(token);
    if (
      !(await access(source).then(
        () => true,
        () => false,
      ))
    )
      return undefined;
    const { data, info } = await sharp(source)
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgba = Buffer.alloc(info.width * info.height * 4);
    for (let i = 0; i < data.length; i += 1) {
      if (data[i]) rgba.set([255, 45, 45, 255], i * 4);
    }
    await writeFileAtomic(
      target,
      await sharp(rgba, { raw: { width: info.width, height: info.height, channels: 4 } })
        .png()
        .toBuffer(),
    );
    return target;
  }
}
