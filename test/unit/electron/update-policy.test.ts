import { describe, expect, it } from 'vitest';
import { releaseNotesText, updatesAllowed } from '../../../src-main/electron/update-policy.ts';

describe('update policy', () => {
  it('is off in development builds, in demo mode and when turned off, and says why', () => {
    expect(updatesAllowed({ isPackaged: false, demoMode: false, setting: true })).toMatchObject({
      allowed: false,
      reason: 'main.updates.offDevelopment',
    });
    expect(updatesAllowed({ isPackaged: true, demoMode: true, setting: true })).toMatchObject({
      allowed: false,
      reason: 'main.updates.offDemo',
    });
    expect(updatesAllowed({ isPackaged: true, demoMode: false, setting: false })).toMatchObject({
      allowed: false,
      reason: 'main.updates.offSetting',
    });
    expect(updatesAllowed({ isPackaged: true, demoMode: false, setting: true }).allowed).toBe(true);
  });

  it('turns release notes into plain text for the dialog', () => {
    expect(
      releaseNotesText(
        '<h2>Fixes</h2><ul><li>Faster masks</li><li>Less &amp; less memory</li></ul>',
      ),
    ).toBe('Fixes\n• Faster masks\n• Less & less memory');
    expect(
      releaseNotesText([
        { version: '1.2.0', note: '<p>One</p>' },
        { version: '1.1.0', note: null },
      ]),
    ).toBe('1.2.0\nOne\n\n1.1.0');
    expect(releaseNotesText(null)).toBe('');
  });
});
