import type { AfterPackContext } from 'app-builder-lib';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper.js';
import type { LinuxPackager } from 'app-builder-lib/out/linuxPackager.js';

/**
 * electron-builder's afterPack hook for the packed-app test: writes the desktop entry the deb
 * and AppImage targets would install (those need tools downloaded; the `dir` target the test
 * packs writes none), computed by electron-builder itself from the packer's merged
 * configuration, to the file CLEARFRAME_DESKTOP_ENTRY names. Outside that test it does nothing.
 */
export default async function writeDesktopEntry(context: AfterPackContext): Promise<void> {
  const destination = process.env['CLEARFRAME_DESKTOP_ENTRY'];
  if (!destination) return;
  const packager = context.packager as LinuxPackager;
  await new LinuxTargetHelper(packager).writeDesktopEntry(
    packager.platformSpecificBuildOptions,
    undefined,
    destination,
  );
}
