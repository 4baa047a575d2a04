import { spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElectronStandIn } from './electron-stand-in.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface PackedApp {
  /** The folder electron-builder lays the app out in (`linux-unpacked`). */
  appOutDir: string;
  /** The app's executable: the stand-in's `electron`, renamed and with its fuses flipped. */
  executable: string;
  resources: string;
  asar: string;
  /** `app.asar.unpacked`: what asarUnpack keeps out of the archive. */
  unpacked: string;
  /** The desktop entry (`Clearframe.desktop`) the deb and AppImage would install, as electron-builder writes it. */
  desktopEntry: string;
}

/**
 * Lays the built app (`out/`) out as `npm run dist` would on Linux, with electron-builder's
 * `dir` target and the repository's electron-builder.yml, into `workDir`: nothing is written
 * into the repository and nothing is downloaded (see electron-stand-in.ts).
 */
export async function packApp(workDir: string): Promise<PackedApp> {
  const electronDist = createElectronStandIn(path.join(workDir, 'electron-dist'));
  const output = path.join(workDir, 'release');
  const projectDir = needsStaging() ? stageProject(path.join(workDir, 'project')) : root;
  const desktopEntry = path.join(workDir, 'Clearframe.desktop');
  await run(desktopEntry, process.execPath, [
    path.join(root, 'node_modules', 'electron-builder', 'cli.js'),
    '--linux',
    'dir',
    '--publish',
    'never',
    '--projectDir',
    projectDir,
    `-c.electronDist=${electronDist}`,
    `-c.directories.output=${output}`,
    `-c.afterPack=${path.join(root, 'test', 'support', 'desktop-entry-hook.ts')}`,
  ]);
  const unpackedDirs = readdirSync(output).filter((name) => name.endsWith('-unpacked'));
  if (unpackedDirs.length !== 1) {
    throw new Error(
      `expected one *-unpacked folder in ${output}, found ${unpackedDirs.join(', ')}`,
    );
  }
  const appOutDir = path.join(output, unpackedDirs[0]!);
  const resources = path.join(appOutDir, 'resources');
  const executables = readdirSync(appOutDir).filter((name) => name !== 'resources');
  if (executables.length !== 1) {
    throw new Error(`expected one executable in ${appOutDir}, found ${executables.join(', ')}`);
  }
  return {
    appOutDir,
    executable: path.join(appOutDir, executables[0]!),
    resources,
    asar: path.join(resources, 'app.asar'),
    unpacked: path.join(resources, 'app.asar.unpacked'),
    desktopEntry,
  };
}

/**
 * Our git worktrees share one install: their node_modules is a symlink to another checkout's.
 * `npm ls`, which electron-builder asks for the production dependencies, does not look past
 * that link for the dependencies of dependencies, so the pack would miss them (and, with
 * allowMissingDependencies off, fail). A normal checkout, as in CI, is packed where it is.
 */
function needsStaging(): boolean {
  return lstatSync(path.join(root, 'node_modules')).isSymbolicLink();
}

/**
 * A copy of what electron-builder reads from the project, with node_modules as a real folder
 * of hard links (a fraction of a second, where a copy would take far longer).
 */
function stageProject(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const file of [
    'package.json',
    'package-lock.json',
    'electron-builder.yml',
    'file-associations.config.ts',
    'src-shared/domain/image-types.ts',
  ]) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(dir, file));
  }
  for (const folder of ['out', 'build', 'src-main/simulator/fixtures']) {
    cpSync(path.join(root, folder), path.join(dir, folder), { recursive: true });
  }
  linkTree(realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'));
  return dir;
}

function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        // Another file system (or one without hard links): a copy does the same, slower.
        copyFileSync(source, target);
      }
    }
  }
}

/** Runs quietly; electron-builder's output is shown only when it fails. */
function run(desktopEntry: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CLEARFRAME_DESKTOP_ENTRY: desktopEntry },
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`electron-builder exited with ${code}:\n${log}`));
    });
  });
}

export function builtAppMissing(): string | undefined {
  const missing = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].filter(
    (file) => !existsSync(path.join(root, file)),
  );
  return missing.length > 0
    ? `The app is not built (${missing.join(', ')} missing): run \`npm run build\` first (\`npm test\` does it for you).`
    : undefined;
}
