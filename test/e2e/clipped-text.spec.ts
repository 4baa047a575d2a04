import { expect, test } from '@playwright/test';
import { findClippedText } from './clipped-text.ts';

test('the clipped-text measure finds cut and spilling text and a select too narrow for its choice, and passes what can be read whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.setContent(`
    <style>
      div { font: 16px sans-serif; }
      .box { width: 120px; }
      .cut { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
      .frame { width: 120px; overflow: hidden; }
      .spill { white-space: nowrap; }
      .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      .scroller { width: 120px; overflow-x: auto; white-space: nowrap; }
    </style>
    <div class="box cut">A sentence far too long for its narrow box</div>
    <div class="frame"><span class="spill">Another sentence that runs past its frame</span></div>
    <div class="spill" style="margin-left: 700px">Past the window's edge</div>
    <div class="box">Short</div>
    <button style="width: 60px; white-space: nowrap">Send it now</button>
    <div class="box cut" title="A sentence far too long, shown whole on hover">A sentence far too long, shown whole on hover</div>
    <div class="hidden">Read by screen readers only, and long enough to be cut</div>
    <div class="scroller">A line in a box that scrolls sideways to show the rest</div>
    <select style="width: 90px; font: 16px sans-serif"><option>A choice too long for its select</option></select>
    <select style="font: 16px sans-serif"><option>Short</option><option selected>A choice the select is as wide as</option></select>
  `);
  const found = await findClippedText(page);
  expect(found.map((cut) => cut.text)).toEqual([
    'A sentence far too long for its narrow box',
    'Another sentence that runs past its frame',
    "Past the window's edge",
    'Send it now',
    'A choice too long for its select',
  ]);
  expect(found.every((cut) => cut.by > 1)).toBe(true);
});
