import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidKey, isValidKey } from './keys';
import { StorageConfigError, StorageUnavailableError, type Storage } from './types';

export type S3Options = {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2…); unset for AWS itself. */
  endpoint: string | undefined;
  /** Unset: the SDK's own chain (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several portals. */
  prefix: string;
};

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** Objects in an S3 bucket; S3 writes are atomic, so a reader never sees half a file. */
export const createS3Storage = (options: S3Options): Storage => {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // An S3 that drops packets answers 503 in seconds, not after the system's TCP timeout with
    // every socket of the pool waiting (issue 28).
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${options.prefix}${key}`;
  };
  const where = `bucket "${Bucket}"${options.endpoint ? ` at ${options.endpoint}` : ''}`;
  /**
   * An S3 call whose failure is the service's, not the request's (unreachable, or its own 5xx),
   * becomes StorageUnavailableError: named as storage in the log, 503 to the caller.
   */
  const reach = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      const status = statusOf(error);
      if (status === undefined || status >= 500)
        throw new StorageUnavailableError(
          `S3 storage: ${where} failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      throw error;
    }
  };

  return {
    put: async (key, body, contentType) => {
      const command = new PutObjectCommand({
        Bucket,
        Key: objectKey(key),
        Body: body,
        ContentType: contentType,
      });
      await reach(() => client.send(command));
    },
    get: async (key) => {
      const command = new GetObjectCommand({ Bucket, Key: objectKey(key) });
      try {
        const object = await reach(() => client.send(command));
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body');
        return {
          body: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || statusOf(error) === 404) return null;
        throw error;
      }
    },
    remove: async (key) => {
      // S3 answers a delete of a missing key with success too.
      const command = new DeleteObjectCommand({ Bucket, Key: objectKey(key) });
      await reach(() => client.send(command));
    },
    list: async function* () {
      const pages = paginateListObjectsV2(
        { client },
        { Bucket, ...(options.prefix ? { Prefix: options.prefix } : {}) },
      );
      const next = () => reach(() => pages.next());
      for (let page = await next(); !page.done; page = await next())
        for (const object of page.value.Contents ?? []) {
          const key = object.Key?.slice(options.prefix.length);
          // An object another tool put there under a name no key can have is not the portal's.
          if (key && isValidKey(key)) yield key;
        }
    },
    check: async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) throw new StorageConfigError(`S3 storage: there is no ${where}.`);
        if (status === 403 || status === 401)
          throw new StorageConfigError(
            `S3 storage: the credentials were refused for ${where} (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).`,
          );
        // Unreachable is an outage, not a configuration to fix: the portal starts without it.
        throw new StorageUnavailableError(
          `S3 storage: cannot reach ${where}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    },
  };
};
