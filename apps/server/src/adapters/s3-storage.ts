/**
 * The file store in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …), for servers that
 * run as several replicas: an image one replica stores is served by all of them.
 *
 * Answers the store cannot give (the service down or unreachable, credentials refused, the bucket
 * missing) become FileStoreUnavailableError, a 503: the cause goes to the log, never to the client.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStoreConfig } from '../config.ts';
import { FileStoreUnavailableError, UnsafeKeyError, isSafeKey, type FileStore } from './storage.ts';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;
type ErrorLogger = { error(details: object, message: string): void };

/** A connect that takes longer means the store is down for this request. */
const CONNECT_TIMEOUT_MS = 5_000;
/** An open connection silent for this long is given up (a stuck store must not hold requests forever). */
const IDLE_TIMEOUT_MS = 10_000;
/** One retry (the SDK backs off first): a store that is down answers 503 within seconds, not minutes. */
const MAX_ATTEMPTS = 2;

type SdkError = { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };

function statusOf(error: unknown): number | undefined {
  return (error as SdkError).$metadata?.httpStatusCode;
}

/** The key is not there. A missing bucket is also a 404, but a configuration fault, not a missing file. */
function isMissingKey(error: unknown): boolean {
  const name = (error as SdkError).name;
  return name !== 'NoSuchBucket' && (name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404);
}

export function createS3FileStore(config: S3Config, logger: ErrorLogger): FileStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Given explicitly, so the SDK never looks for credentials elsewhere (files, instance metadata).
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default CRC32 on every upload is refused or mishandled by some S3-compatible
    // services; only the checksums an operation requires are sent and checked.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
    maxAttempts: MAX_ATTEMPTS,
  });
  const Bucket = config.bucket;

  function unavailable(operation: string, key: string, error: unknown): FileStoreUnavailableError {
    const { name, code, message } = error as SdkError;
    logger.error(
      { fileStore: 's3', endpoint: config.endpoint, bucket: Bucket, operation, key, error: { name, code, status: statusOf(error), message } },
      `file store: S3 ${operation} failed`,
    );
    return new FileStoreUnavailableError();
  }

  function checkKey(key: string): void {
    if (!isSafeKey(key)) throw new UnsafeKeyError(key);
  }

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissingKey(error)) return false;
      throw unavailable('head', key, error);
    }
  }

  return {
    async put(key, bytes, contentType) {
      checkKey(key);
      // Content-addressed keys: an object already there holds these bytes, so it is not sent again.
      if (await exists(key)) return { created: false };
      try {
        // A single PUT is atomic in S3 (readers see the old state or the whole object). If-None-Match
        // keeps a replica that stores the same bytes at the same moment from claiming the object as
        // its own (and deleting it when its transaction fails).
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.length, ContentType: contentType, IfNoneMatch: '*' }),
        );
        return { created: true };
      } catch (error) {
        const status = statusOf(error);
        // 412: someone else stored it first; 409: their conditional write is still in flight.
        if (status === 412 || status === 409) return { created: false };
        throw unavailable('put', key, error);
      }
    },

    async open(key) {
      if (!isSafeKey(key)) return null;
      // The object is read whole before it is handed on: stored images are re-encoded WebP of at
      // most a few hundred KB, and a client reading slowly must not hold one of the client's
      // pooled connections to the store (enough slow readers would stall every upload and read).
      try {
        const output = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!output.Body) throw new Error('the answer has no body');
        const bytes = Buffer.from(await output.Body.transformToByteArray());
        return { stream: Readable.from([bytes], { objectMode: false }), size: bytes.length, modifiedAt: output.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw unavailable('get', key, error);
      }
    },

    async delete(key) {
      checkKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isMissingKey(error)) throw unavailable('delete', key, error);
      }
    },

    async close() {
      client.destroy();
    },
  };
}
