import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** Uploaded bytes on local disk, one folder per business; rows keep only the key. */
export class FileStorage {
  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  /** A fresh key under the business's folder; the original name never becomes a path. */
  newKey(businessId: number, originalName: string): string {
    const ext = path.extname(originalName).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 10);
    return `${businessId}/${randomUUID()}${ext}`;
  }

  pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error('Storage key escapes the upload folder');
    return full;
  }

  async write(key: string, data: Buffer): Promise<void> {
    const full = this.pathOf(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    await fsp.writeFile(full, data);
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
