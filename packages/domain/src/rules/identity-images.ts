/**
 * The photo-ID and selfie images the document capture accepts: JPEG, PNG, WebP or HEIC, at most 10 MiB,
 * recognised by their first bytes (the declared type alone is not trusted).
 */

/** The sides of a capture: the ID's front and back, and a selfie. */
export const IDENTITY_IMAGE_SIDES = ['front', 'back', 'selfie'] as const;
export type IdentityImageSide = (typeof IDENTITY_IMAGE_SIDES)[number];

/** Accepted image types. */
export const IDENTITY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
type IdentityImageType = (typeof IDENTITY_IMAGE_TYPES)[number];

/** Largest accepted image (a phone camera's photo fits). */
export const IDENTITY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...Array.from(bytes.subarray(from, to)));

/**
 * The image type its first bytes show, or null for anything else.
 * @param bytes the start of the file (16 bytes are enough)
 */
export function sniffImageType(bytes: Uint8Array): IdentityImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && ascii(bytes, 1, 4) === 'PNG' && bytes[0] === 0x89) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1'].includes(brand)) return 'image/heic';
  }
  return null;
}

/** Why an image is refused: the message key of the capture page. */
export type IdentityImageProblem = 'document.image.type' | 'document.image.size';

/**
 * Checks an image before it is stored: a known type by its bytes, agreeing with the declared type when one
 * is given, not empty and at most 10 MiB.
 * @returns null when accepted
 */
export function checkIdentityImage(
  bytes: Uint8Array,
  declaredType?: string | null,
): IdentityImageProblem | null {
  if (bytes.length === 0 || bytes.length > IDENTITY_IMAGE_MAX_BYTES) return 'document.image.size';
  const sniffed = sniffImageType(bytes);
  if (!sniffed) return 'document.image.type';
  const declared = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (declared && declared !== sniffed && !(declared === 'image/heif' && sniffed === 'image/heic')) {
    return 'document.image.type';
  }
  return null;
}
