/**
 * The file store: where uploaded (re-encoded) images live. One small interface with two
 * implementations: a folder on this machine (the default, for one server) and an S3-compatible
 * bucket (s3-storage.ts) that every replica reads and writes. app.ts builds one store from the
 * configuration and hands it to every module that stores or serves files.
 *
 * Keys are relative paths the server generates ('products/ab/<sha>-card.webp'); they never come
 * from user input. Every method still checks the key's shape (and, on disk, that it resolves
 * inside the root), so a bug elsewhere cannot read or write outside the store.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { messages } from '@frameport/domain/messages';
import type { FileStoreConfig } from '../config.ts';
import { AppError } from '../http/errors.ts';

export type StoredFile = { stream: Readable; size: number; modifiedAt: Date };

export interface FileStore {
  /**
   * Stores `bytes` under `key`, atomically (readers never see half a file). Keys are
   * content-addressed, so a key that already holds a file holds these bytes: it is kept and
   * `created` is false (the caller must not delete it when undoing its own writes).
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<{ created: boolean }>;
  /** The stored file as a stream, or null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes a file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Releases what the store holds open (the object store's connections). */
  close(): Promise<void>;
}

export interface LocalFileStore extends FileStore {
  /** The local path of a key (for tests and tools). */
  path(key: string): string;
}

/** Seconds a client is asked to wait when the object store does not answer. */
export const FILE_STORE_RETRY_AFTER_SECONDS = 10;

/**
 * The store cannot be reached or refuses the server (down, wrong credentials, missing bucket):
 * a 503 with Retry-After through the error handler. The store logs the cause where it happens.
 */
export class FileStoreUnavailableError extends AppError {
  constructor() {
    super('unavailable', messages.http.fileStoreUnavailable, { retryAfterSeconds: FILE_STORE_RETRY_AFTER_SECONDS });
    this.name = 'FileStoreUnavailableError';
  }
}

type ErrorLogger = { error(details: object, message: string): void };

/**
 * The configured store. The S3 client is loaded only when it is used, so a server on the local
 * disk does not pay for loading the AWS SDK at start.
 */
export async function openFileStore(config: FileStoreConfig, logger: ErrorLogger): Promise<FileStore> {
  if (config.kind === 'local') return createLocalFileStore(config.dir);
  const { createS3FileStore } = await import('./s3-storage.ts');
  return createS3FileStore(config, logger);
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;
const MAX_KEY_LENGTH = 200;

/** 'a/b/c.webp': relative, forward slashes, no '.', '..', empty or hidden segments. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`unsafe file store key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'UnsafeKeyError';
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** A file store in a local folder (created on the first write, recursively). */
export function createLocalFileStore(rootDir: string): LocalFileStore {
  const root = path.resolve(rootDir);

  function resolveKey(key: string): string {
    if (!isSafeKey(key)) throw new UnsafeKeyError(key);
    const full = path.resolve(root, ...key.split('/'));
    if (!full.startsWith(root + path.sep)) throw new UnsafeKeyError(key);
    return full;
  }

  return {
    path: resolveKey,

    async put(key, bytes) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write a temporary file, flush it, then link it into place: link() fails when the
      // target exists, so an existing file is never replaced and never seen half-written.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await link(temporary, target);
        return { created: true };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') return { created: false };
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EXDEV') {
          // A file system without hard links: rename (replaces; same bytes by construction).
          const existed = await stat(target).then(
            () => true,
            () => false,
          );
          if (existed) return { created: false };
          await rename(temporary, target);
          return { created: true };
        }
        throw error;
      } finally {
        await rm(temporary, { force: true });
      }
    },

    async open(key) {
      if (!isSafeKey(key)) return null;
      let handle;
      try {
        handle = await open(resolveKey(key), constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return null;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        // The stream owns the handle from here and closes it when done or destroyed.
        return { stream: handle.createReadStream(), size: info.size, modifiedAt: info.mtime };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(resolveKey(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async close() {},
  };
}
