import asar from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import type { Configuration } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_FILES } from '../../../src-main/simulator/video-service.ts';
import { READABLE_IMAGE_TYPES } from '../../../src-shared/domain/image-types.ts';
import {
  ELECTRON_DEFAULT_FUSES,
  FUSE_DISABLED,
  FUSE_ENABLED,
} from '../../support/electron-stand-in.ts';
import { builtAppMissing, packApp, type PackedApp } from '../../support/packed-app.ts';

/**
 * What the installers ship, checked from the packed files rather than from the configuration:
 * electron-builder lays the built app out (offline, see test/support/packed-app.ts) and these
 * tests read app.asar, app.asar.unpacked, the resources and the executable it produced.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixturesSource = path.join(root, 'src-main/simulator/fixtures');
const run = promisify(execFile);

/** Modules the Electron runtime provides itself: nothing to pack for these. */
const ELECTRON_PROVIDED = new Set(['electron', 'electron/main', 'electron/common', 'original-fs']);
/** Bundled into the renderer by Vite, so a packed copy would only make the installer larger. */
const RENDERER_ONLY = ['react', 'react-dom', 'scheduler', 'zustand'];

interface ModuleRequest {
  specifier: string;
  kind: 'import' | 'require';
}

/**
 * Every module a built file asks for by a literal name: static imports and re-exports,
 * `import('…')`, `require('…')` and `createRequire(…)('…')`. A call whose name is computed,
 * or a `createRequire` kept in a variable, is returned apart: nothing could check it.
 */
function moduleRequests(file: string, code: string) {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const requests: ModuleRequest[] = [];
  const unfollowable: string[] = [];
  const isCreateRequire = (node: ts.Node): node is ts.CallExpression =>
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'createRequire';
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      requests.push({ specifier: node.moduleSpecifier.text, kind: 'import' });
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire =
        (ts.isIdentifier(callee) && callee.text === 'require') || isCreateRequire(callee);
      const [argument] = node.arguments;
      if (isImport || isRequire) {
        if (argument && ts.isStringLiteralLike(argument)) {
          requests.push({ specifier: argument.text, kind: isImport ? 'import' : 'require' });
        } else {
          unfollowable.push(node.getText(source));
        }
      } else if (isCreateRequire(node) && !ts.isCallExpression(node.parent)) {
        unfollowable.push(node.parent.getText(source));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { requests, unfollowable };
}

const isBare = (specifier: string) =>
  !specifier.startsWith('.') && !specifier.startsWith('/') && !/^[a-z]+:/i.test(specifier);

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Resolves each request with Node's own resolver from `fromDir` (ESM rules for imports,
 * CommonJS rules for requires), as the app's main process does from out/main/.
 */
async function resolveFrom(fromDir: string, requests: ModuleRequest[]) {
  const script = `
    import { createRequire } from 'node:module';
    import { fileURLToPath } from 'node:url';
    const require = createRequire(import.meta.url);
    const resolved = {};
    for (const { specifier, kind } of JSON.parse(process.argv[1])) {
      try {
        resolved[kind + ' ' + specifier] =
          kind === 'import' ? fileURLToPath(import.meta.resolve(specifier)) : require.resolve(specifier);
      } catch (error) {
        resolved[kind + ' ' + specifier] = null;
      }
    }
    console.log(JSON.stringify(resolved));`;
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(requests)],
    { cwd: fromDir },
  );
  return JSON.parse(stdout) as Record<string, string | null>;
}

/** The folder of package `name` as Node would find it from `fromDir`, up to `top`. */
function findPackage(name: string, fromDir: string, top: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === top || path.dirname(dir) === dir) return undefined;
  }
}

interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/**
 * Decodes the HEIC fixture with the built HEIC worker in `mainDir` (Node runs it as the main
 * process would), first checking that every built file that starts the worker looks for it
 * beside itself, where it is.
 */
async function decodeWithBuiltWorker(mainDir: string): Promise<unknown> {
  const starters = readdirSync(mainDir).filter(
    (name) =>
      name.endsWith('.js') &&
      readFileSync(path.join(mainDir, name), 'utf8').includes('"./heic-worker.js")'),
  );
  expect(starters.length).toBeGreaterThan(0);
  expect(existsSync(path.join(mainDir, 'heic-worker.js'))).toBe(true);
  const script = `
    import { Worker } from 'node:worker_threads';
    import { readFileSync } from 'node:fs';
    const bytes = readFileSync(process.env.HEIC_FIXTURE);
    const worker = new Worker(new URL('./heic-worker.js', 'file://' + process.cwd() + '/'), {
      workerData: { bytes },
      // Not this script's --input-type, which a worker started from a file must not inherit.
      execArgv: [],
    });
    worker.once('message', (answer) => {
      const { width, height } = answer.value ?? {};
      console.log(JSON.stringify({ ok: answer.ok, width, height }));
      void worker.terminate();
    });`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: mainDir,
    env: { ...process.env, HEIC_FIXTURE: path.join(root, 'test/fixtures/heic/quadrants.heic') },
  });
  return JSON.parse(stdout);
}

describe('the unpackaged app (`npm start`)', () => {
  beforeAll(() => {
    const missing = builtAppMissing();
    if (missing) throw new Error(missing);
  });

  it('finds the demo clips where the bundled simulator looks for them', () => {
    const main = path.join(root, 'out/main/index.js');
    // The bundle still computes its fixtures folder from its own location, as assumed below.
    expect(readFileSync(main, 'utf8')).toContain('new URL("./fixtures/", import.meta.url)');
    const fixturesDir = fileURLToPath(new URL('./fixtures/', pathToFileURL(main)));
    for (const file of FIXTURE_FILES) {
      const clip = path.join(fixturesDir, file);
      expect(existsSync(clip), `${clip} is missing`).toBe(true);
      expect(readFileSync(clip).equals(readFileSync(path.join(fixturesSource, file)))).toBe(true);
    }
  });

  it('decodes a HEIC photo with the built worker, found where the bundle looks for it', async () => {
    expect(await decodeWithBuiltWorker(path.join(root, 'out/main'))).toEqual({
      ok: true,
      width: 400,
      height: 300,
    });
  });
});

// The layout is Linux's wherever this runs (with that machine's native builds). It has been
// run on Linux only; on Windows the release job builds the real installer right after.
describe.skipIf(process.platform === 'win32')('the packed app', () => {
  let work: string;
  let packed: PackedApp;
  /** app.asar extracted, with app.asar.unpacked merged in: the app as Electron sees it. */
  let app: string;
  let listing: string[];

  beforeAll(async () => {
    const missing = builtAppMissing();
    if (missing) throw new Error(missing);
    work = mkdtempSync(path.join(os.tmpdir(), 'clearframe-pack-'));
    packed = await packApp(work);
    app = path.join(work, 'app');
    asar.extractAll(packed.asar, app);
    // Posix separators whatever the OS, without the leading slash.
    listing = asar
      .listPackage(packed.asar, { isPack: false })
      .map((entry) => entry.split(path.sep).join('/').replace(/^\//, ''));
  }, 300_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const packedPackages = () =>
    new Set(
      listing
        .map((entry) => /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(entry))
        .filter((match) => match !== null)
        .map((match) => match[1]!),
    );

  it('finds what the main process and the preload load, and what that needs, in the app', async () => {
    const builtFiles = listing.filter((entry) => /^out\/(main|preload)\/.*\.[cm]?js$/.test(entry));
    expect(builtFiles).toEqual(
      expect.arrayContaining(['out/main/index.js', 'out/preload/index.cjs']),
    );
    const problems: string[] = [];
    const packagesUsed = new Map<string, string>();
    for (const file of builtFiles) {
      const absolute = path.join(app, file);
      const { requests, unfollowable } = moduleRequests(file, readFileSync(absolute, 'utf8'));
      problems.push(...unfollowable.map((call) => `${file}: cannot follow ${call}`));
      const outside = requests.filter(
        ({ specifier }) => !isBuiltin(specifier) && !ELECTRON_PROVIDED.has(specifier),
      );
      if (file.startsWith('out/preload/')) {
        // A sandboxed preload can load nothing from disk but what Electron provides.
        problems.push(...outside.map(({ specifier }) => `${file}: requires ${specifier}`));
        continue;
      }
      for (const { specifier } of outside.filter(({ specifier }) => !isBare(specifier))) {
        const target = path.resolve(path.dirname(absolute), specifier);
        if (!existsSync(target)) problems.push(`${file}: ${specifier} is not in the app`);
      }
      const bare = outside.filter(({ specifier }) => isBare(specifier));
      const resolved = await resolveFrom(path.dirname(absolute), bare);
      for (const { specifier, kind } of bare) {
        const at = resolved[`${kind} ${specifier}`];
        if (!at || !existsSync(at)) {
          problems.push(`${file}: ${kind} '${specifier}' does not resolve`);
        } else if (path.relative(app, at).startsWith('..')) {
          problems.push(`${file}: '${specifier}' resolves outside the app, to ${at}`);
        } else {
          const dir = findPackage(packageName(specifier), path.dirname(absolute), app);
          if (dir) packagesUsed.set(packageName(specifier), dir);
        }
      }
    }
    expect(problems).toEqual([]);
    // The main process's own externals, so a bundler change that inlines them is noticed too.
    expect([...packagesUsed.keys()]).toEqual(
      expect.arrayContaining([
        'better-sqlite3',
        'sharp',
        '@napi-rs/keyring',
        '@techstark/opencv-js',
        'heic-decode',
      ]),
    );

    // And what those packages need in turn: a dependency left out breaks them when loaded.
    const queue = [...packagesUsed.values()];
    const seen = new Set(queue);
    while (queue.length > 0) {
      const dir = queue.shift()!;
      const manifest = JSON.parse(
        readFileSync(path.join(dir, 'package.json'), 'utf8'),
      ) as PackageJson;
      // Optional ones are mostly other platforms' builds: absent is fine.
      const optional = new Set(Object.keys(manifest.optionalDependencies ?? {}));
      for (const name of new Set([...Object.keys(manifest.dependencies ?? {}), ...optional])) {
        const found = findPackage(name, dir, app);
        if (!found && !optional.has(name)) {
          problems.push(`${path.relative(app, dir)} needs ${name}, which is not packed`);
        } else if (found && !seen.has(found)) {
          seen.add(found);
          queue.push(found);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps every native module out of the archive, where it can be loaded', () => {
    const natives = listing.filter((entry) => entry.endsWith('.node'));
    const byPackage = new Set(
      natives.map((entry) => packageName(entry.split('node_modules/').at(-1)!)),
    );
    expect([...byPackage]).toEqual(
      expect.arrayContaining([
        'better-sqlite3',
        expect.stringMatching(/^@img\/sharp-/),
        expect.stringMatching(/^@napi-rs\/keyring-/),
      ]),
    );
    for (const entry of natives) {
      const stat = asar.statFile(packed.asar, entry) as { unpacked?: boolean };
      expect(stat.unpacked, `${entry} is inside app.asar`).toBe(true);
      expect(existsSync(path.join(packed.unpacked, entry)), `${entry} is not unpacked`).toBe(true);
    }
  });

  it('loads the native modules from the packed layout', async () => {
    // N-API builds load in Node as in Electron: this proves their libraries came along too.
    const script = `
      const sharp = (await import('sharp')).default;
      const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const Database = (await import('better-sqlite3')).default;
      const row = new Database(':memory:').prepare('select 41 + 1 as answer').get();
      const keyring = await import('@napi-rs/keyring');
      console.log(JSON.stringify({ png: png.length > 0, answer: row.answer, keyring: typeof keyring.AsyncEntry }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.join(app, 'out/main'),
    });
    expect(JSON.parse(stdout)).toEqual({ png: true, answer: 42, keyring: 'function' });
  });

  it('ships the demo clips as resources, once', () => {
    const shipped = path.join(packed.resources, 'simulator-fixtures');
    for (const file of FIXTURE_FILES) {
      const clip = path.join(shipped, file);
      expect(existsSync(clip), `${clip} is missing`).toBe(true);
      expect(readFileSync(clip).equals(readFileSync(path.join(fixturesSource, file)))).toBe(true);
    }
    // The build's copy for `npm start` stays out of the archive.
    expect(listing.filter((entry) => entry.startsWith('out/main/fixtures'))).toEqual([]);
    expect(existsSync(path.join(packed.unpacked, 'out'))).toBe(false);
  });

  it('decodes a HEIC photo from the packed layout (the WebAssembly is inside libheif-js)', async () => {
    expect(listing).toContain('node_modules/libheif-js/libheif-wasm/libheif-bundle.js');
    expect(await decodeWithBuiltWorker(path.join(app, 'out/main'))).toEqual({
      ok: true,
      width: 400,
      height: 300,
    });
  });

  it('registers every image type Clearframe reads for "Open with"', async () => {
    // The desktop entry electron-builder writes for the deb and the AppImage, from the packer.
    const entry = readFileSync(packed.desktopEntry, 'utf8');
    const mimeTypes = /^MimeType=(.*)$/m.exec(entry)?.[1]?.split(';').filter(Boolean);
    const readable = READABLE_IMAGE_TYPES;
    expect(new Set(mimeTypes)).toEqual(new Set(readable.map((type) => type.mime)));
    // %U: the files a file manager opens with it reach the app as arguments.
    expect(entry).toMatch(/^Exec=.* %U$/m);
    // And the installers of the other systems, from the same merged configuration.
    const config: Configuration = await getConfig(root, null, null);
    const extensions = (config.fileAssociations as Array<{ ext: string[] }>).flatMap(
      (association) => association.ext,
    );
    expect(extensions.toSorted()).toEqual(readable.map((type) => type.extension).toSorted());
  });

  it('leaves out what the renderer bundle already contains', () => {
    const packages = packedPackages();
    expect(packages.size).toBeGreaterThan(0);
    // The listing names unpacked files too, so this covers app.asar.unpacked as well.
    expect(RENDERER_ONLY.filter((name) => packages.has(name))).toEqual([]);
  });

  it('flips the fuses electron-builder.yml sets, and no others', async () => {
    const config: Configuration = await getConfig(root, null, null);
    const configured = (config.electronFuses ?? {}) as Record<string, boolean | undefined>;
    const wire = (await getCurrentFuseWire(packed.executable)) as Record<string, unknown>;
    expect(wire.version).toBe('1');
    const names = Object.keys(FuseV1Options).filter((key) => Number.isNaN(Number(key)));
    expect(names).toHaveLength(ELECTRON_DEFAULT_FUSES.length);
    const expected: Record<string, number> = {};
    const actual: Record<string, unknown> = {};
    for (const name of names) {
      const index = FuseV1Options[name as keyof typeof FuseV1Options];
      const setting = configured[name[0]!.toLowerCase() + name.slice(1)];
      expected[name] =
        setting === undefined
          ? ELECTRON_DEFAULT_FUSES[index]!
          : setting
            ? FUSE_ENABLED
            : FUSE_DISABLED;
      actual[name] = wire[index];
    }
    // The stand-in starts from Electron's defaults: each fuse set otherwise was flipped.
    expect(actual).toEqual(expected);
  });
});
