import { describe, expect, it } from 'vitest';
import { lintFindings } from '../support/lint.ts';

const IMPORT_RULES = new Set([
  'no-restricted-imports',
  'no-restricted-globals',
  'layers/allowed-imports',
]);

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const found = await lintFindings(filePath, code, (rule) => IMPORT_RULES.has(rule));
  return found.map((finding) => finding.message);
}

describe('layer boundaries enforced by lint', () => {
  const forbidden: Array<[string, string, RegExp]> = [
    ['src-main/core/x.ts', "import { app } from 'electron';", /Only src-main\/electron/],
    ['src-main/simulator/x.ts', "import type { App } from 'electron';", /Only src-main\/electron/],
    ['src-main/cli/x.ts', "import x from '../../src-renderer/App.tsx';", /Only the renderer/],
    ['src-shared/x.ts', "import fs from 'node:fs';", /no Node built-ins/],
    ['src-shared/x.ts', "import path from 'path';", /no Node built-ins/],
    ['src-shared/x.ts', "import { promises } from 'fs/promises';", /no Node built-ins/],
    ['src-shared/x.ts', "import { ipcMain } from 'electron';", /Only src-main\/electron/],
    ['src-shared/x.ts', "import { useState } from 'react';", /no React/],
    [
      'src-shared/x.ts',
      "import { a } from '../src-main/core/paths.ts';",
      /imports nothing from src-main/,
    ],
    ['src-shared/x.ts', 'export const w = window.innerWidth;', /must not depend on a runtime/],
    ['src-shared/x.ts', 'export const p = process.platform;', /must not depend on a runtime/],
    [
      'src-renderer/x.ts',
      "import { dataPaths } from '../src-main/core/paths.ts';",
      /only through window.clearframe/,
    ],
    ['src-renderer/x.ts', "import { ipcRenderer } from 'electron';", /Only src-main\/electron/],
    ['src-renderer/x.ts', "import os from 'node:os';", /no Node built-ins/],
    [
      'src-main/core/app/x.ts',
      "import { startSimulator } from '../../simulator/server.ts';",
      /src-main\/core may import from src-shared, src-main\/imaging, not from src-main\/simulator/,
    ],
    [
      'src-main/simulator/x.ts',
      "import { decodeRgb } from '../core/media/decode.ts';",
      /src-main\/simulator may import from src-shared, src-main\/imaging, not from src-main\/core/,
    ],
    [
      'src-main/simulator/x.ts',
      "export { decodeRgb } from '../core/media/decode.ts';",
      /not from src-main\/core/,
    ],
    ['src-main/core/x.ts', "const cli = await import('../cli/main.ts');", /not from src-main\/cli/],
    [
      'src-main/preload/x.ts',
      "import { AppCore } from '../core/app/app-core.ts';",
      /not from src-main\/core/,
    ],
    [
      'src-main/core/x.ts',
      "import { x } from '../electron/security.ts';",
      /not from src-main\/electron/,
    ],
    [
      'src-main/core/x.ts',
      "import { x } from '../../test/support/images.ts';",
      /not from test\/support/,
    ],
    ['src-main/newroom/x.ts', 'export const a = 1;', /not a room listed/],
    [
      'src-main/imaging/x.ts',
      "import { decodeRgb } from '../core/media/decode.ts';",
      /not from src-main\/core/,
    ],
    [
      'src-main/imaging/x.ts',
      "import { storedFormat } from '../simulator/pixels.ts';",
      /not from src-main\/simulator/,
    ],
  ];

  it.each(forbidden)('%s: %s is refused', async (filePath, code, message) => {
    const errors = await importErrors(filePath, `${code}\nexport {};\n`);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(message);
  });

  const allowed: Array<[string, string]> = [
    ['src-main/electron/x.ts', "import { app } from 'electron';"],
    ['src-main/preload/x.ts', "import { contextBridge } from 'electron';"],
    ['src-main/core/x.ts', "import fs from 'node:fs';"],
    ['src-shared/x.ts', "import { z } from 'zod';"],
    ['src-shared/api/x.ts', "import { VIDEO_LIMITS } from '../domain/limits.ts';"],
    ['src-renderer/x.ts', "import { useState } from 'react';"],
    ['src-renderer/x.ts', "import type { AppInfo } from '../src-shared/ipc/contract.ts';"],
    ['src-main/cli/x.ts', "import { startSimulator } from '../simulator/server.ts';"],
    ['src-main/cli/x.ts', "import { AppCore } from '../core/app/app-core.ts';"],
    ['src-main/electron/x.ts', "import { simulatorDemo } from '../simulator/demo-backend.ts';"],
    [
      'src-main/simulator/x.ts',
      "import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';",
    ],
    ['src-main/core/app/x.ts', "import { JobStore } from '../jobs/store.ts';"],
    ['src-main/core/media/x.ts', "import { repaintMarked } from '../../imaging/telea-repaint.ts';"],
    ['src-main/simulator/x.ts', "import { addGrain } from '../imaging/grain.ts';"],
    ['test/x.ts', "import { startSimulator } from '../src-main/simulator/server.ts';"],
  ];

  it.each(allowed)('%s: %s is allowed', async (filePath, code) => {
    expect(await importErrors(filePath, `${code}\nexport {};\n`)).toEqual([]);
  });
});
