import sharp from 'sharp';
import { USER_IMAGE_MAX_BYTES } from '@portal/contract/users';
import { fieldError } from '../../http/errors';

export const NOT_AN_IMAGE =
  'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
export const IMAGE_TOO_LARGE = `The image is too large. The maximum size is ${USER_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
export const IMAGE_EMPTY = 'The submitted file is empty.';
const IMAGE_DIMENSIONS = 'The image is too large in width or height.';

/** Formats accepted as read from the bytes; what the file claims to be is ignored. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/** Profile pictures are shown small; 512 px covers high-density screens. */
export const PROFILE_IMAGE_SIZE = 512;

// Guards against decompression bombs: a 5 MB PNG can claim billions of pixels.
const MAX_INPUT_PIXELS = 60_000_000;

export type ProcessedImage = { body: Buffer; contentType: string; extension: string };

/**
 * Checks an uploaded profile picture by its content and re-encodes it: EXIF orientation
 * applied, fitted into 512×512, written as WebP without any metadata (no GPS, no camera).
 * Anything that is not a PNG, JPEG, WebP or GIF is a 400 on `image`.
 */
export const processProfileImage = async (input: Buffer): Promise<ProcessedImage> => {
  if (input.length === 0) throw fieldError('image', IMAGE_EMPTY);
  if (input.length > USER_IMAGE_MAX_BYTES) throw fieldError('image', IMAGE_TOO_LARGE);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  const meta = await sharp(input, options)
    .metadata()
    .catch(() => {
      throw fieldError('image', NOT_AN_IMAGE);
    });
  if (!ACCEPTED_FORMATS.has(meta.format)) throw fieldError('image', NOT_AN_IMAGE);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw fieldError('image', IMAGE_DIMENSIONS);
  try {
    const body = await sharp(input, options)
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
    return { body, contentType: 'image/webp', extension: 'webp' };
  } catch {
    throw fieldError('image', NOT_AN_IMAGE);
  }
};
