import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileUrl, isSafeKey, type FileStorage } from './port.js';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** Files on the local disk under `root` (default <dataDir>/uploads). Writes go to a temp file, then rename. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${randomUUID()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, full);
      return { key, url: fileUrl(key) };
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const full = resolve(key);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        stream: createReadStream(full),
        contentType: CONTENT_TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream',
        size: info.size,
      };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

const cache = new Map<string, FileStorage>();
/** One storage per data directory (tests run with their own DATA_DIR). */
export function storageFor(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'uploads');
  let s = cache.get(root);
  if (!s) {
    s = createLocalStorage(root);
    cache.set(root, s);
  }
  return s;
}
