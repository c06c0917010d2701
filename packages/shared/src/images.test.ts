import { describe, expect, it } from 'vitest';
import { parseHostedImageUrl, previewImageUrl, responsiveImage, storedWidths } from './images';

const id = 'a'.repeat(64);

describe('responsiveImage', () => {
  it('lists every stored size up to the largest, with an 800 px fallback src', () => {
    const img = responsiveImage(`/api/images/${id}-1600w.webp`, '100vw');
    expect(img.src).toBe(`/api/images/${id}-800w.webp`);
    expect(img.srcSet).toBe(
      `/api/images/${id}-400w.webp 400w, /api/images/${id}-800w.webp 800w, /api/images/${id}-1600w.webp 1600w`,
    );
    expect(img.sizes).toBe('100vw');
  });

  it('never names a size larger than the original', () => {
    expect(storedWidths(650)).toEqual([400, 650]);
    const img = responsiveImage(`http://localhost:3000/api/images/${id}-300w.webp`);
    expect(img.src).toBe(`http://localhost:3000/api/images/${id}-300w.webp`);
    expect(img.srcSet).toBe(`http://localhost:3000/api/images/${id}-300w.webp 300w`);
  });

  it('keeps a base URL with a path (IMAGE_PUBLIC_BASE_URL: a CDN or a bucket) on every size', () => {
    const base = 'https://store.example.org/pet-haven';
    const img = responsiveImage(`${base}/api/images/${id}-800w.webp`);
    expect(img.src).toBe(`${base}/api/images/${id}-800w.webp`);
    expect(img.srcSet).toBe(
      `${base}/api/images/${id}-400w.webp 400w, ${base}/api/images/${id}-800w.webp 800w`,
    );
    expect(parseHostedImageUrl(`${base}/api/images/${id}-800w.webp`)).toEqual({
      id,
      width: 800,
      origin: base,
    });
    expect(previewImageUrl(`${base}/api/images/${id}-800w.webp`, 'https://pets.example.org')).toBe(
      `https://pets.example.org/api/images/${id}-1200x630.jpg`,
    );
    for (const bad of [
      `${base}/api/images/${id}-800w.webp?x=1`,
      `${base}?/api/images/${id}-800w.webp`,
      `ftp://store.example.org/api/images/${id}-800w.webp`,
      `//store.example.org/api/images/${id}-800w.webp`,
    ]) {
      expect(parseHostedImageUrl(bad)).toBeNull();
    }
  });

  it('answers a foreign URL as a plain src', () => {
    expect(responsiveImage('https://i.ibb.co/x/cat.jpg')).toEqual({
      src: 'https://i.ibb.co/x/cat.jpg',
    });
    expect(parseHostedImageUrl('/api/images/../../etc/passwd-400w.webp')).toBeNull();
  });
});
