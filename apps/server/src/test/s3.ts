/**
 * A real S3-compatible server on loopback for tests: S3rver (npm @20minutes/s3rver, the maintained
 * fork of s3rver; objects in a temporary folder, SigV4 signatures checked on object requests).
 *
 *   const s3 = await startS3Server();
 *   buildTestApp({ env: s3.env })   // or the env of a server process
 *   await s3.stop();
 *
 * The bucket is created by the server at start: S3rver checks bucket-level requests (CreateBucket)
 * against a different canonical path than the one AWS SDK v3 signs, so it would refuse the SDK's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver') as new (options: S3rverOptions) => S3rverInstance;

/** S3rver's one account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What a server (buildTestApp's env, or a child process) needs to store its files there. */
  env: Record<string, string>;
  /** Stops the server and removes its folder; safe to call twice. */
  stop(): Promise<void>;
};

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'frameport-test';
  const directory = mkdtempSync(path.join(tmpdir(), 'frameport-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await server.close();
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
