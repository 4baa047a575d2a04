import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  isAllowedExternalUrl,
  isAllowedNavigation,
  permissionDecision,
  windowOpenDecision,
} from '../../../src-main/electron/security.ts';
import { mainWindowOptions } from '../../../src-main/electron/window-options.ts';
import { resolveAppAsset } from '../../../src-main/electron/app-protocol.ts';

describe('window options', () => {
  it('isolates and sandboxes the renderer', () => {
    const prefs = mainWindowOptions('/app/preload.cjs').webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
  });
});

describe('content security policy', () => {
  it('allows only self and never eval', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });
});

describe('navigation policy', () => {
  it('allows the app origin only', () => {
    expect(isAllowedNavigation('app://clearframe/index.html')).toBe(true);
    expect(isAllowedNavigation('https://example.com/')).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd')).toBe(false);
    expect(isAllowedNavigation('app://other/index.html')).toBe(false);
    expect(isAllowedNavigation('not a url')).toBe(false);
  });

  it('allows the dev server origin only when one is given', () => {
    expect(isAllowedNavigation('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isAllowedNavigation('http://localhost:5173/')).toBe(false);
  });
});

describe('openExternal allowlist', () => {
  it('opens https links to allowed hosts and their subdomains', () => {
    expect(isAllowedExternalUrl('https://kaze.ai/account')).toBe(true);
    expect(isAllowedExternalUrl('https://www.kaze.ai/api-tokens')).toBe(true);
  });

  it('refuses other schemes, hosts and look-alikes', () => {
    expect(isAllowedExternalUrl('http://kaze.ai/')).toBe(false);
    expect(isAllowedExternalUrl('https://kaze.ai.evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://evilkaze.ai/')).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@kaze.ai/')).toBe(false);
    expect(isAllowedExternalUrl('file:///bin/sh')).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('app:// protocol', () => {
  const root = '/opt/clearframe/renderer';

  it('serves index.html for the root and files inside the renderer folder', () => {
    expect(resolveAppAsset(root, 'app://clearframe/')).toBe(`${root}/index.html`);
    expect(resolveAppAsset(root, 'app://clearframe/assets/a.js')).toBe(`${root}/assets/a.js`);
  });

  it('refuses traversal, other hosts and other schemes', () => {
    expect(resolveAppAsset(root, 'app://clearframe/../../etc/passwd')).toBe(`${root}/etc/passwd`);
    expect(resolveAppAsset(root, 'app://clearframe/%2e%2e/%2e%2e/etc/passwd')).toBe(
      `${root}/etc/passwd`,
    );
    expect(resolveAppAsset(root, 'app://clearframe/..%2f..%2fetc%2fpasswd')).toBeNull();
    expect(resolveAppAsset(root, 'app://clearframe/%E0%A4%A')).toBeNull();
    expect(resolveAppAsset(root, 'app://clearframe/a%00.js')).toBeNull();
    expect(resolveAppAsset(root, 'app://elsewhere/index.html')).toBeNull();
    expect(resolveAppAsset(root, 'file:///etc/passwd')).toBeNull();
  });
});

describe('new windows and permissions', () => {
  it('never opens a new app window; an allowlisted link goes to the browser instead', () => {
    expect(windowOpenDecision('https://kaze.ai/account')).toEqual({
      action: 'deny',
      openInBrowser: true,
    });
    for (const url of [
      'https://evil.example/',
      'app://clearframe/index.html',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ]) {
      expect(windowOpenDecision(url)).toEqual({ action: 'deny', openInBrowser: false });
    }
  });

  it('refuses every permission the page asks for', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
    ]) {
      expect(permissionDecision(permission)).toBe(false);
    }
  });
});
