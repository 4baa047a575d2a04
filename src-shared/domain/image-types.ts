/**
 * The image types Clearframe reads, with the MIME type file managers know each by. The one
 * list: the intake's filter (collect-inputs.ts) and the installers' "Open with" registrations
 * (build/file-associations.ts) are both made from it, so a type added here is offered there.
 */
export const READABLE_IMAGE_TYPES = [
  { extension: 'jpg', mime: 'image/jpeg', name: 'JPEG' },
  { extension: 'jpeg', mime: 'image/jpeg', name: 'JPEG' },
  { extension: 'png', mime: 'image/png', name: 'PNG' },
  { extension: 'webp', mime: 'image/webp', name: 'WebP' },
  { extension: 'avif', mime: 'image/avif', name: 'AVIF' },
  { extension: 'tif', mime: 'image/tiff', name: 'TIFF' },
  { extension: 'tiff', mime: 'image/tiff', name: 'TIFF' },
  { extension: 'gif', mime: 'image/gif', name: 'GIF' },
  { extension: 'heic', mime: 'image/heic', name: 'HEIC' },
  { extension: 'heif', mime: 'image/heif', name: 'HEIF' },
] as const;
