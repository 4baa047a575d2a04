import { READABLE_IMAGE_TYPES } from './src-shared/domain/image-types.ts';

/**
 * The "Open with" part of electron-builder.yml (which `extends` this file), made from the
 * list of types Clearframe reads so the installers never offer one the intake would skip.
 *
 * One association per MIME type. The MIME types go to the Linux desktop file's MimeType
 * only (`linux.mimeTypes`), never as an association's `mimeType`: that would also make the
 * deb install a shared-mime-info file redefining image/jpeg and the others, with an office
 * icon, for the whole system. `rank: Alternate` lists Clearframe in macOS's Open With menu
 * without making it the default application for photos.
 */
const byMime = new Map<string, { ext: string[]; name: string }>();
for (const type of READABLE_IMAGE_TYPES) {
  const entry = byMime.get(type.mime) ?? { ext: [], name: type.name };
  entry.ext.push(type.extension);
  byMime.set(type.mime, entry);
}

export default {
  fileAssociations: [...byMime.values()].map(({ ext, name }) => ({
    ext,
    name: `${name} image`,
    role: 'Editor',
    rank: 'Alternate',
  })),
  linux: { mimeTypes: [...byMime.keys()] },
};
