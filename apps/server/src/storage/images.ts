import { fieldError } from '../http/errors';

export const NOT_AN_IMAGE =
  'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
export const IMAGE_EMPTY = 'The submitted file is empty.';
export const imageTooLarge = (maxBytes: number) =>
  `The image is too large. The maximum size is ${maxBytes / 1024 / 1024} MB.`;
const IMAGE_DIMENSIONS = 'The image is too large in width or height.';

// Guards against decompression bombs: a 5 MB PNG can claim billions of pixels.
const MAX_INPUT_PIXELS = 60_000_000;

export type ImageRules = {
  /** The request field every refusal names. */
  field: string;
  maxBytes: number;
  /** Formats accepted as read from the bytes (sharp's names); what the file claims is ignored. */
  formats: readonly string[];
  /** The box the image is fitted into, never enlarged. */
  width: number;
  height: number;
  output: 'webp' | 'png';
};

export type ProcessedImage = { body: Buffer; contentType: string; extension: string };

/**
 * Checks an uploaded image by its content and re-encodes it: EXIF orientation applied, fitted
 * into the rules' box, written without any metadata (no GPS, no camera). Anything else is a 400
 * on the rules' field. Re-encoding is what makes an upload safe to serve: no script, no polyglot.
 */
export const processImage = async (input: Buffer, rules: ImageRules): Promise<ProcessedImage> => {
  const refuse = (message: string) => fieldError(rules.field, message);
  if (input.length === 0) throw refuse(IMAGE_EMPTY);
  if (input.length > rules.maxBytes) throw refuse(imageTooLarge(rules.maxBytes));
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  // libvips is ~25 MB a process: loaded by the first upload, not at start (decision 0052).
  const { default: sharp } = await import('sharp');
  const meta = await sharp(input, options)
    .metadata()
    .catch(() => {
      throw refuse(NOT_AN_IMAGE);
    });
  if (!rules.formats.includes(meta.format)) throw refuse(NOT_AN_IMAGE);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw refuse(IMAGE_DIMENSIONS);
  try {
    const fitted = sharp(input, options)
      .rotate()
      .resize(rules.width, rules.height, { fit: 'inside', withoutEnlargement: true });
    const body = await (
      rules.output === 'png' ? fitted.png({ compressionLevel: 9 }) : fitted.webp({ quality: 85 })
    ).toBuffer();
    return { body, contentType: `image/${rules.output}`, extension: rules.output };
  } catch {
    throw refuse(NOT_AN_IMAGE);
  }
};
