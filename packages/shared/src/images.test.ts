import { describe, expect, it } from 'vitest';
import { parseHostedImageUrl, responsiveImage, storedWidths } from './images';

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

  it('answers a foreign URL as a plain src', () => {
    expect(responsiveImage('https://i.ibb.co/x/cat.jpg')).toEqual({
      src: 'https://i.ibb.co/x/cat.jpg',
    });
    expect(parseHostedImageUrl('/api/images/../../etc/passwd-400w.webp')).toBeNull();
  });
});
