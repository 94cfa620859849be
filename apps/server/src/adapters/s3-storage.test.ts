import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@frameport/domain/messages';
import { loadConfig, type FileStoreConfig } from '../config.ts';
import { startS3Server, type S3TestServer } from '../test/s3.ts';
import { createS3FileStore } from './s3-storage.ts';
import { FileStoreUnavailableError, openFileStore, type FileStore } from './storage.ts';

type Logged = { details: Record<string, unknown>; message: string };

function capturingLogger() {
  const logged: Logged[] = [];
  return { logged, logger: { error: (details: object, message: string) => logged.push({ details: details as Record<string, unknown>, message }) } };
}

function s3Config(server: S3TestServer, overrides: Partial<Extract<FileStoreConfig, { kind: 's3' }>> = {}) {
  return {
    kind: 's3' as const,
    bucket: server.bucket,
    endpoint: server.endpoint,
    region: 'us-east-1',
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    ...overrides,
  };
}

async function readAll(store: FileStore, key: string): Promise<string | null> {
  const file = await store.open(key);
  return file ? text(file.stream) : null;
}

async function unavailableFrom(promise: Promise<unknown>): Promise<FileStoreUnavailableError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileStoreUnavailableError);
  return error as FileStoreUnavailableError;
}

let server: S3TestServer;
let store: FileStore;
let log: ReturnType<typeof capturingLogger>;

beforeAll(async () => {
  server = await startS3Server();
  log = capturingLogger();
  store = await openFileStore(s3Config(server), log.logger);
});

afterAll(async () => {
  await store?.close();
  await server?.stop();
});

describe('the S3 file store against a real S3-compatible server', () => {
  it('puts, opens and deletes an object', async () => {
    const key = 'products/ab/abcdef0123456789abcdef01-card.webp';
    expect(await store.put(key, Buffer.from('first bytes'), 'image/webp')).toEqual({ created: true });
    const file = await store.open(key);
    expect(file).not.toBeNull();
    expect(file!.size).toBe('first bytes'.length);
    expect(file!.modifiedAt).toBeInstanceOf(Date);
    expect(await text(file!.stream)).toBe('first bytes');

    await store.delete(key);
    expect(await store.open(key)).toBeNull();
    // Deleting what is not there is not an error (undoing an upload twice, a racing replica).
    await store.delete(key);
    expect(log.logged).toEqual([]);
  });

  it('keeps an object that is already there and says it did not create it', async () => {
    const key = 'banners/cd/cdef0123456789abcdef0123-desktop.webp';
    expect(await store.put(key, Buffer.from('the bytes'), 'image/webp')).toEqual({ created: true });
    expect(await store.put(key, Buffer.from('the bytes'), 'image/webp')).toEqual({ created: false });
    expect(await readAll(store, key)).toBe('the bytes');
  });

  it('keeps serving and storing while many opened files are not read yet (slow clients hold no store connection)', async () => {
    // More unread files than the SDK's connection pool (50), each larger than the socket buffers
    // take in: a streamed answer would keep its connection until the reader catches up.
    const keys = Array.from({ length: 60 }, (_, index) => `profiles/ee/${index.toString(16).padStart(24, 'e')}-avatar.webp`);
    const bytesOf = (key: string) => Buffer.concat([Buffer.from(key), Buffer.alloc(1024 * 1024, 7)]);
    for (const key of keys) await store.put(key, bytesOf(key), 'image/webp');
    const opened = await Promise.all(keys.map((key) => store.open(key)));
    expect(await store.put('profiles/ff/ffffffffffffffffffffffff-avatar.webp', Buffer.from('later'), 'image/webp')).toEqual({
      created: true,
    });
    expect(await readAll(store, 'profiles/ff/ffffffffffffffffffffffff-avatar.webp')).toBe('later');
    const contents = await Promise.all(opened.map((file) => buffer(file!.stream)));
    expect(contents.map((bytes, index) => bytes.equals(bytesOf(keys[index]!)))).toEqual(keys.map(() => true));
  });

  it('refuses keys outside the shape the server generates, before any request', async () => {
    for (const key of ['../outside.webp', '/absolute.webp', 'a//b.webp', '.hidden/a.webp', 'a/../b.webp']) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
      await expect(store.delete(key)).rejects.toThrow(/unsafe/);
      expect(await store.open(key)).toBeNull();
    }
  });

  it('answers a missing key with null, and a missing bucket as unavailable (a configuration fault, not a missing image)', async () => {
    expect(await store.open('profiles/00/000000000000000000000000-avatar.webp')).toBeNull();
    const { logged, logger } = capturingLogger();
    const noBucket = createS3FileStore(s3Config(server, { bucket: 'no-such-bucket' }), logger);
    try {
      await unavailableFrom(noBucket.open('a/b.webp'));
      await unavailableFrom(noBucket.put('a/b.webp', Buffer.from('x'), 'image/webp'));
      expect(logged.map((entry) => (entry.details.error as { name: string }).name)).toEqual(['NoSuchBucket', 'NoSuchBucket']);
    } finally {
      await noBucket.close();
    }
  });

  it('turns refused credentials into a 503 with Retry-After, the cause in the log only', async () => {
    const { logged, logger } = capturingLogger();
    const wrongKey = createS3FileStore(s3Config(server, { secretAccessKey: 'not-the-secret' }), logger);
    try {
      const error = await unavailableFrom(wrongKey.open('a/b.webp'));
      expect(error.statusCode).toBe(503);
      expect(error.message).toBe(messages.http.fileStoreUnavailable);
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      await unavailableFrom(wrongKey.put('a/c.webp', Buffer.from('x'), 'image/webp'));
      await unavailableFrom(wrongKey.delete('a/c.webp'));
      expect(logged).toHaveLength(3);
      expect(logged[0]).toMatchObject({
        message: 'file store: S3 get failed',
        details: { fileStore: 's3', bucket: server.bucket, operation: 'get', key: 'a/b.webp', error: { status: 403 } },
      });
      expect(JSON.stringify(logged)).not.toContain('not-the-secret');
    } finally {
      await wrongKey.close();
    }
    // Nothing was written with the wrong key.
    expect(await store.open('a/c.webp')).toBeNull();
  });

  it('turns a store that does not answer into FileStoreUnavailableError, for every operation', async () => {
    const down = await startS3Server();
    const { logged, logger } = capturingLogger();
    const unreachable = createS3FileStore(s3Config(down), logger);
    await down.stop();
    try {
      await unavailableFrom(unreachable.open('a/b.webp'));
      await unavailableFrom(unreachable.put('a/b.webp', Buffer.from('x'), 'image/webp'));
      await unavailableFrom(unreachable.delete('a/b.webp'));
      expect(logged.map((entry) => entry.details.operation)).toEqual(['get', 'head', 'delete']);
    } finally {
      await unreachable.close();
    }
  });
});

describe('FILE_STORE configuration', () => {
  it('is the local folder under DATA_DIR by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/frameport' }).fileStore).toEqual({ kind: 'local', dir: '/srv/frameport/uploads' });
  });

  it('reads the bucket, endpoint, region, credentials and path style with FILE_STORE=s3', () => {
    expect(
      loadConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'images',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'images',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('names every missing S3 variable with FILE_STORE=s3', () => {
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'images' })).toThrow(
      'Invalid configuration:\n' +
        '  S3_ENDPOINT: required when FILE_STORE=s3\n' +
        '  S3_ACCESS_KEY_ID: required when FILE_STORE=s3\n' +
        '  S3_SECRET_ACCESS_KEY: required when FILE_STORE=s3',
    );
  });

  it('refuses an unknown store and an endpoint that is not an http(s) URL', () => {
    expect(() => loadConfig({ FILE_STORE: 'gcs' })).toThrow(/FILE_STORE/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_ENDPOINT: 'ftp://files.example' })).toThrow(/S3_ENDPOINT must be an http/);
  });
});
