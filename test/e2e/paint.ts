import type { Page } from '@playwright/test';

/** A drag across the middle of the mask canvas, as a person paints over a mark. */
export async function paintAcross(page: Page): Promise<void> {
  const box = await page.getByTestId('mask-canvas').boundingBox();
  if (!box) throw new Error('the mask canvas is not on screen');
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) {
    await page.mouse.move(box.x + box.width * (0.3 + i * 0.04), box.y + box.height * 0.5);
  }
  await page.mouse.up();
}
