import type { Readable } from 'node:stream';

/**
 * File storage port (cover images and other uploads). Keys are relative paths such as
 * `events/<eventId>/cover-<uuid>.webp`; the API serves them at /api/v2/files/<key>. The local-disk adapter is the
 * default; an object-store adapter can replace it without touching callers.
 */
export interface StoredFile {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<{ key: string; url: string }>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** Public URL path of a stored key. */
export const fileUrl = (key: string) => `/api/v2/files/${key}`;

/** Keys are a few safe path segments: no traversal, no hidden files, no odd characters. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,120}){1,4}$/.test(key) && !key.includes('..');
}
