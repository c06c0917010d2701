import { crc32, deflateSync } from 'node:zlib';

/**
 * A grayscale PNG of width x height built by hand, so its header can claim more pixels than any
 * decoder should accept while the file stays tiny. `rows` is how many zero rows the image data
 * holds: `height` makes a complete, valid picture (every row deflates to almost nothing); 1 makes
 * a decompression bomb whose header alone is honest.
 */
export function grayscalePng(width: number, height: number, rows = height): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
