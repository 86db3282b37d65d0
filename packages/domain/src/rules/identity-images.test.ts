import { describe, expect, it } from 'vitest';
import { checkIdentityImage, IDENTITY_IMAGE_MAX_BYTES, sniffImageType } from './identity-images.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? Array.from(v, (c) => c.charCodeAt(0)) : [v])),
  );

const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF');
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const WEBP = bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ');
const HEIC = bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0, 0, 0);

describe('identity images', () => {
  it('recognises JPEG, PNG, WebP and HEIC by their first bytes', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(HEIC)).toBe('image/heic');
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="'))).toBeNull();
  });

  it('refuses a file whose bytes are not an image, whatever its declared type', () => {
    expect(checkIdentityImage(bytes('MZ', 0x90, 0, 3, 0, 0, 0), 'image/jpeg')).toBe('document.image.type');
    expect(checkIdentityImage(PNG, 'image/jpeg')).toBe('document.image.type');
    expect(checkIdentityImage(JPEG, 'image/jpeg')).toBeNull();
    expect(checkIdentityImage(HEIC, 'image/heif')).toBeNull();
    expect(checkIdentityImage(JPEG)).toBeNull();
  });

  it('refuses an empty image and one over 10 MiB', () => {
    expect(checkIdentityImage(new Uint8Array(0), 'image/jpeg')).toBe('document.image.size');
    const big = new Uint8Array(IDENTITY_IMAGE_MAX_BYTES + 1);
    big.set(JPEG);
    expect(checkIdentityImage(big, 'image/jpeg')).toBe('document.image.size');
  });
});
