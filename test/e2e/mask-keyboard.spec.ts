import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { makePhoto } from '../support/images.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';
import { expectButtonsInWindow } from './in-window.ts';

const KEY = 'cf-mask-keyboard-key-81c4';
const world = useAppWorld({ accounts: [{ key: KEY, credits: 10 }], watermark: {} });

/** Three upright bands, red, green and blue: where the view is can be read off a pixel. */
async function bands(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const band = Math.min(2, Math.floor((x * 3) / width));
      pixels[(y * width + x) * 3 + band] = 230;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The colour the canvas shows at a point given in CSS pixels from its top left. */
async function pixel(canvas: Locator, x: number, y: number) {
  return canvas.evaluate(
    (el: HTMLCanvasElement, [px, py]) => {
      const [r, g, b, a] = el.getContext('2d')?.getImageData(px, py, 1, 1).data ?? [];
      return { r, g, b, a };
    },
    [Math.round(x), Math.round(y)] as const,
  );
}

/** Which band a pixel is: the strongest channel, or "none" where nothing is drawn. */
async function band(canvas: Locator, x: number, y: number) {
  const { r = 0, g = 0, b = 0, a = 0 } = await pixel(canvas, x, y);
  if (a === 0) return 'none';
  return r >= g && r >= b ? 'red' : g >= b ? 'green' : 'blue';
}

async function openEditor(page: Page, files: Record<string, Buffer>) {
  const folder = path.join(world.dir, 'shoot');
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), bytes);
  }
  const core = await world.startCore();
  await connectApp(page, world.server, core, { droppedDir: world.dir });
  await page.goto(world.server.url);
  await dropFolder(page, 'shoot');
  const count = Object.keys(files).length;
  await expect(page.getByTestId('staged-summary')).toContainText(
    `${count} ${count === 1 ? 'image' : 'images'},`,
  );
}

/** The editor open on a 1600×1200 picture of three bands, nothing painted yet. */
async function paintBands(page: Page) {
  await openEditor(page, { 'bands.png': await bands(1600, 1200) });
  await page.getByRole('button', { name: 'Paint mask' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mask editor' });
  await expect(dialog.getByText('1600×1200 · 0 strokes')).toBeVisible();
  return { dialog, canvas: dialog.getByTestId('mask-canvas') };
}

for (const viewport of [
  { width: 1280, height: 820 },
  { width: 880, height: 560 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`the mask editor by keyboard: Space, Tab to the picture, 1 about the middle, arrows and Enter (${size})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { dialog, canvas } = await paintBands(page);

    // The picture is where work starts, and a keyboard user reaches it by Tab, by its name.
    const picture = dialog.getByRole('application', { name: /paint over what to remove/ });
    await expect(picture).toBeFocused();
    // The whole-mask tools before it are disabled while nothing is painted.
    await dialog.getByLabel('Pixels to grow or shrink by').focus();
    await page.keyboard.press('Tab');
    await expect(picture).toBeFocused();

    // Space on a focused button presses it: it is not taken for panning there.
    const rectangle = dialog.getByRole('button', { name: 'Rectangle (R)' });
    await rectangle.focus();
    await page.keyboard.press('Space');
    await expect(rectangle).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Brush (B)' }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Brush (B)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // "1" is 100 % about the middle of the view: the middle band stays under the eye.
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the mask canvas is not on screen');
    const middle = [box.width / 2, box.height / 2] as const;
    await expect(dialog.getByTestId('zoom-level')).not.toHaveText('Zoom 100%');
    await picture.focus();
    await page.keyboard.press('1');
    await expect(dialog.getByTestId('zoom-level')).toHaveText('Zoom 100%');
    await expect.poll(() => band(canvas, ...middle)).toBe('green');

    // Enter paints at the keyboard cursor, which starts in the middle of the view.
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('1600×1200 · 1 stroke')).toBeVisible();
    await expect.poll(async () => (await pixel(canvas, ...middle)).r).toBeGreaterThan(120);
    // Held while the arrows move, it paints a line; the view follows the cursor off its edge.
    await page.keyboard.down('Enter');
    for (let i = 0; i < 30; i += 1) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.up('Enter');
    await expect(dialog.getByText('1600×1200 · 2 strokes')).toBeVisible();
    await expect.poll(() => band(canvas, box.width - 4, 4)).toBe('blue');
    await expect(dialog.getByTestId('keyboard-cursor')).toBeVisible();
    await expect(dialog.getByTestId('mask-note')).toContainText('hold Enter to paint');
    // Every button of the editor is in the window, the picture having shrunk to make room.
    await expectButtonsInWindow(page, dialog);
    await saveScreenshots(page, `mask-keyboard-01-painted-${size}`);
  });

  test(`the mask editor's view: wheel about the pointer, pan held to the photo, mask clipped, Fit shows all (${size})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { dialog, canvas } = await paintBands(page);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the mask canvas is not on screen');
    // Fit: the whole photo, every corner drawn.
    for (const [x, y] of [
      [1, 1],
      [box.width - 2, box.height - 2],
    ] as const) {
      await expect.poll(() => pixel(canvas, x, y).then((p) => p.a)).toBe(255);
    }

    // The wheel zooms about the pointer: the red–green edge stays beside it.
    const edge = box.width / 3;
    const fitted = await dialog.getByTestId('zoom-level').textContent();
    await page.mouse.move(box.x + edge + 6, box.y + box.height / 2);
    for (let i = 0; i < 4; i += 1) await page.mouse.wheel(0, -100);
    await expect(dialog.getByTestId('zoom-level')).not.toHaveText(fitted ?? '');
    expect(await band(canvas, edge + 6, box.height / 2)).toBe('green');
    expect(await band(canvas, edge - 6, box.height / 2)).toBe('red');

    // A drag far to the right with Space held stops at the photo's left edge.
    await canvas.focus();
    await page.keyboard.down('Space');
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width + 400, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Space');
    expect(await band(canvas, 1, box.height / 2)).toBe('red');
    expect((await pixel(canvas, 1, 1)).a).toBe(255);

    // Zoomed out below Fit, a stroke over the photo's edge is not drawn past it.
    await page.keyboard.press('f');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 4; i += 1) await page.mouse.wheel(0, 100);
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect(dialog.getByText('1600×1200 · 1 stroke')).toBeVisible();
    expect((await pixel(canvas, 2, box.height / 2)).a).toBe(0);
    await saveScreenshots(page, `mask-keyboard-02-clipped-${size}`);
  });

  test(`the mask editor names the file with its folder and keeps the brush size (${size})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openEditor(page, {
      'north/IMG_0001.png': await makePhoto(400, 300, 'png', 1),
      'south/IMG_0001.png': await makePhoto(400, 300, 'png', 2),
    });
    const dialog = page.getByRole('dialog', { name: 'Mask editor' });
    await page.getByRole('button', { name: 'Paint mask' }).first().click();
    await expect(dialog.getByTestId('mask-title')).toHaveText(/^(north|south)\/IMG_0001\.png$/);
    const first = await dialog.getByTestId('mask-title').textContent();
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    const brush = await dialog.getByTestId('brush-size').textContent();
    expect(brush).not.toBe('5 px');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Paint mask' }).nth(1).click();
    await expect(dialog.getByTestId('mask-title')).toHaveText(/^(north|south)\/IMG_0001\.png$/);
    await expect(dialog.getByTestId('mask-title')).not.toHaveText(first ?? '');
    await expect(dialog.getByTestId('brush-size')).toHaveText(brush ?? '');
    await saveScreenshots(page, `mask-keyboard-03-name-${size}`);
  });
}
