// File bytes in an S3 bucket (FILE_STORAGE=s3), through the AWS SDK's S3 client: AWS
// itself or any S3-compatible server (S3_ENDPOINT). Every server process reads and writes
// the same bucket, so a file uploaded through one downloads through another.

import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStorageConfig } from '../config.js';
import type { FileStore } from './file-store.js';
import { FilePathConflictError } from './file-store.js';

export type S3Settings = Extract<FileStorageConfig, { kind: 's3' }>;

/** No such object; a missing bucket is a setup fault and is not taken for a missing file. */
function isMissingObject(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.name !== 'NoSuchBucket' &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // The SDK's newer default checksums (CRC32 headers) are not understood by every
      // S3-compatible server; send and check them only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The object key of a path: S3_PREFIX, then the checked segments joined with '/'. */
  private keyOf(segments: readonly string[]): string {
    return `${this.prefix}${segments.join('/')}`;
  }

  /** Fails with a message naming the bucket when it cannot be reached with these settings. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(
        `FILE_STORAGE=s3: the bucket "${this.bucket}" cannot be reached (${reason}). ` +
          'Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials.',
      );
    }
  }

  /**
   * S3 has no folders: `a/b` and `a/b/c` could both be keys. The local store refuses that
   * (a file cannot be where a folder is), and so does this one, so a path means the same
   * whichever store holds the bytes: a file at any folder above the path, or any object
   * below it, is a conflict. The look and the write are two requests, so two uploads at
   * the same moment (`a/b` and `a/b/c`) can both land; both then download as stored.
   */
  private async conflict(segments: readonly string[]): Promise<FilePathConflictError | undefined> {
    // Folders above the path, below the collection (a collection is never a file).
    const above = segments.slice(2).map((_, i) => this.keyOf(segments.slice(0, i + 2)));
    const [fileAbove, below] = await Promise.all([
      Promise.all(above.map((key) => this.exists(key))).then((found) => found.some(Boolean)),
      this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: `${this.keyOf(segments)}/`,
            MaxKeys: 1,
          }),
        )
        .then((listing) => (listing.Contents?.length ?? 0) > 0),
    ]);
    if (fileAbove) return new FilePathConflictError('ENOTDIR');
    if (below) return new FilePathConflictError('EISDIR');
    return undefined;
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw error;
    }
  }

  async write(segments: readonly string[], bytes: Uint8Array): Promise<void> {
    const conflict = await this.conflict(segments);
    if (conflict !== undefined) throw conflict;
    // One PUT: S3 makes the object visible whole or not at all.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(segments),
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
  }

  async read(segments: readonly string[]): Promise<Readable | undefined> {
    let body;
    try {
      body = (
        await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(segments) }),
        )
      ).Body;
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
    // On Node the SDK answers with a Readable; anything else is a fault of this set-up.
    if (!(body instanceof Readable)) throw new Error('S3 answered without a readable body');
    return body;
  }

  async remove(segments: readonly string[]): Promise<void> {
    // Deleting a key that is not there succeeds, as the local store's remove does.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(segments) }),
    );
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}
