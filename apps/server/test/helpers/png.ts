import { pngFile } from '../../../../tools/fixtures/png';

/**
 * A grayscale PNG of width x height built by hand, so its header can claim more pixels than any
 * decoder should accept while the file stays tiny. `rows` is how many zero rows the image data
 * holds: `height` makes a complete, valid picture (every row deflates to almost nothing); 1 makes
 * a decompression bomb whose header alone is honest.
 */
export const grayscalePng = (width: number, height: number, rows = height): Buffer =>
  pngFile(width, height, 'grayscale', Buffer.alloc((width + 1) * rows));
