// A real S3-compatible server for the tests (s3rver, from npm: the S3 REST API over a
// temporary folder, signatures checked), started on a free port with one bucket, and the
// file stores the server suite runs on: always the local folder, and S3 whenever s3rver
// starts. Without it the suite says so once and skips that half.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Dialect } from '../db/connection.js';
import { availableDialects } from './databases.js';

export type FileStoreKind = 'local' | 's3';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** What the field app needs to keep its files in the bucket. */
  env: Record<string, string>;
  /** Every object key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Writes an object straight into the bucket, as another application sharing it would. */
  put(key: string, body: string): Promise<void>;
  /** An object's bytes as text, read straight from the bucket. */
  text(key: string): Promise<string>;
  close(): Promise<void>;
}

const BUCKET = 'field-files';
// s3rver's own credentials: it refuses requests signed with any other.
const ACCESS_KEY = 'S3RVER';

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'field-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: BUCKET }],
  });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    endpoint,
    bucket: BUCKET,
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listing.Contents ?? []).flatMap((o) => (o.Key === undefined ? [] : [o.Key])).sort();
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
    },
    async text(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return (await object.Body?.transformToString()) ?? '';
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

let availability: Promise<FileStoreKind[]> | undefined;

/** The file stores to run on, decided once per test process. */
export function availableFileStores(): Promise<FileStoreKind[]> {
  availability ??= startS3Server().then(
    async (server): Promise<FileStoreKind[]> => {
      await server.close();
      return ['local', 's3'];
    },
    (error: unknown): FileStoreKind[] => {
      const problem = error instanceof Error ? error.message : String(error);
      console.log(
        `The local S3 server (s3rver) did not start (${problem}): skipping the S3 half of the file tests.`,
      );
      return ['local'];
    },
  );
  return availability;
}

/** Every database with every file store: the rows of a files suite's describe.each. */
export async function databasesAndFileStores(): Promise<[Dialect, FileStoreKind][]> {
  const stores = await availableFileStores();
  return (await availableDialects()).flatMap((dialect) =>
    stores.map((store): [Dialect, FileStoreKind] => [dialect, store]),
  );
}
