import { expect, type Locator, type Page } from '@playwright/test';

/** Every button of `area` lies wholly inside the window: reachable without scrolling. */
export async function expectButtonsInWindow(page: Page, area: Locator): Promise<void> {
  const size = page.viewportSize();
  for (const button of await area.getByRole('button').all()) {
    const label = (await button.textContent()) ?? '';
    const box = await button.boundingBox();
    expect(box, label).not.toBeNull();
    if (!box || !size) continue;
    expect(box.y + box.height, label).toBeLessThanOrEqual(size.height);
    expect(box.x + box.width, label).toBeLessThanOrEqual(size.width);
  }
}
