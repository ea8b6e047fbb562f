import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { appConfig, type MediaStorageConfig } from '@/server/config';

/**
 * Where the media library's files live. Keys are relative paths such as
 * `2026/11/k3j9x0a1b2c3/960.webp`; every web process (and machine) that shares the storage
 * sees the same files.
 */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the files; a key that is already gone is no error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** A key is a relative path of plain segments: never absolute, never `..`. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) && !key.split('/').includes('..');
}

function assertKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Not a media key: ${key}`);
}

/** Files in a folder (by default `data/media`). A file is written whole or not at all. */
export function folderStorage(dir: string): MediaStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    assertKey(key);
    const path = join(root, ...key.split('/'));
    if (!path.startsWith(root + sep)) throw new Error(`Not a media key: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.part`;
      await writeFile(temporary, body);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  };
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …) through the AWS SDK. */
export function s3Storage(config: Extract<MediaStorageConfig, { kind: 's3' }>): MediaStorage {
  // The SDK is large (about 0.5 s and 30 MB to load): loaded on first use, never by a site
  // that keeps its media in a folder.
  let opened: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined;
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3')
      .then((sdk) => ({
        sdk,
        client: new sdk.S3Client({
          region: config.region,
          ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
          ...(config.credentials ? { credentials: config.credentials } : {}),
        }),
      }))
      .catch((error: unknown) => {
        opened = undefined;
        throw error;
      }));
  const Bucket = config.bucket;
  return {
    async put(key, body, contentType) {
      assertKey(key);
      const {
        client,
        sdk: { PutObjectCommand },
      } = await open();
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
      );
    },
    async get(key) {
      assertKey(key);
      const {
        client,
        sdk: { GetObjectCommand, NoSuchKey, S3ServiceException },
      } = await open();
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return undefined;
        throw error;
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      keys.forEach(assertKey);
      const {
        client,
        sdk: { DeleteObjectsCommand },
      } = await open();
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
    },
  };
}

/** The storage the configuration names. */
export function openMediaStorage(config: MediaStorageConfig): MediaStorage {
  return config.kind === 's3' ? s3Storage(config) : folderStorage(config.dir);
}

let storage: MediaStorage | undefined;
/** The configured storage, opened on first use. */
export function mediaStorage(): MediaStorage {
  return (storage ??= openMediaStorage(appConfig().media));
}
