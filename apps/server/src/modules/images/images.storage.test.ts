import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskImageStorage } from './images.storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalDiskImageStorage', () => {
  it('writes the same file many times at once without failing (one picture uploaded twice)', async () => {
    const storage = new LocalDiskImageStorage(root);
    const name = `${'ab'.repeat(32)}-400w.webp`;
    const data = Buffer.from('same picture, same name');
    await Promise.all(Array.from({ length: 20 }, () => storage.put(name, data)));
    expect(await storage.get(name)).toEqual(data);
    // No temporary file is left behind.
    expect(readdirSync(path.join(root, 'ab'))).toEqual([name]);
  });
});
