import { USER_IMAGE_MAX_BYTES } from '@portal/contract/users';
import { imageTooLarge, processImage, type ProcessedImage } from '../../storage/images';

export { NOT_AN_IMAGE } from '../../storage/images';
export const IMAGE_TOO_LARGE = imageTooLarge(USER_IMAGE_MAX_BYTES);

/** Profile pictures are shown small; 512 px covers high-density screens. */
export const PROFILE_IMAGE_SIZE = 512;

/**
 * A profile picture: a PNG, JPEG, WebP or GIF, fitted into 512×512 and written as WebP; anything
 * else is a 400 on `image`.
 */
export const processProfileImage = (input: Buffer): Promise<ProcessedImage> =>
  processImage(input, {
    field: 'image',
    maxBytes: USER_IMAGE_MAX_BYTES,
    formats: ['png', 'jpeg', 'webp', 'gif'],
    width: PROFILE_IMAGE_SIZE,
    height: PROFILE_IMAGE_SIZE,
    output: 'webp',
  });
