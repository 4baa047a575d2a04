import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stand-in for the Electron distribution electron-builder packs the app into.
 *
 * Packing normally starts from Electron's release zip, and nothing here (nor in CI) may
 * download it: `npm ci` runs with ELECTRON_SKIP_BINARY_DOWNLOAD. For the Linux `dir` target,
 * electron-builder copies the folder `electronDist` names, renames its `electron` to the app's
 * executable and flips the fuses in that file; nothing else in the folder matters to it. So a
 * folder with one small file lets the packaging check run everything we configure, offline.
 *
 * The file carries a fuse wire the way Electron does, as @electron/fuses 1.8 reads and writes
 * it (dist/constants.js and dist/index.js there): the sentinel below, a version byte (1), a
 * byte giving the number of fuses, then one byte per fuse, ASCII '0' or '1'.
 */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_WIRE_VERSION = 1;
export const FUSE_DISABLED = 0x30;
export const FUSE_ENABLED = 0x31;

/**
 * Electron's own defaults, in wire order (FuseV1Options in @electron/fuses): what a binary
 * says before electron-builder flips anything, so the packed file shows what it changed.
 */
export const ELECTRON_DEFAULT_FUSES: readonly number[] = [
  FUSE_ENABLED, // RunAsNode
  FUSE_DISABLED, // EnableCookieEncryption
  FUSE_ENABLED, // EnableNodeOptionsEnvironmentVariable
  FUSE_ENABLED, // EnableNodeCliInspectArguments
  FUSE_DISABLED, // EnableEmbeddedAsarIntegrityValidation
  FUSE_DISABLED, // OnlyLoadAppFromAsar
  FUSE_DISABLED, // LoadBrowserProcessSpecificV8Snapshot
  FUSE_ENABLED, // GrantFileProtocolExtraPrivileges
];

/** Writes the stand-in into `dir` (created) and returns `dir`, to pass as `electronDist`. */
export function createElectronStandIn(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const wire = Buffer.from([
    FUSE_WIRE_VERSION,
    ELECTRON_DEFAULT_FUSES.length,
    ...ELECTRON_DEFAULT_FUSES,
  ]);
  const binary = Buffer.concat([
    Buffer.from('Clearframe packaging check: a stand-in for the Electron binary\n'),
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    wire,
    Buffer.from('\n'),
  ]);
  writeFileSync(path.join(dir, 'electron'), binary, { mode: 0o755 });
  return dir;
}
