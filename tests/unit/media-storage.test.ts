import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStorage, isSafeKey, s3Storage, type MediaStorage } from '@/server/media-storage';
import { startFakeS3, type FakeS3 } from '../fakes/s3.ts';

const dir = mkdtempSync(join(tmpdir(), 'energy-media-'));
let s3: FakeS3;
const stores: Record<string, () => MediaStorage> = {};

beforeAll(async () => {
  s3 = await startFakeS3();
  stores['a folder'] = () => folderStorage(join(dir, 'media'));
  stores['S3-compatible storage'] = () =>
    s3Storage({
      kind: 's3',
      bucket: 'energy-media',
      region: 'us-east-1',
      endpoint: s3.url,
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
    });
});

afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['a folder', 'S3-compatible storage'])('media storage in %s', (name) => {
  const store = () => (stores[name] as () => MediaStorage)();

  it('keeps a file byte for byte, answers nothing for a missing one, and deletes', async () => {
    const storage = store();
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0xfe, 0x80]);
    await storage.put('2026/11/abcdefghijkl/original.jpg', bytes, 'image/jpeg');
    await storage.put('2026/11/abcdefghijkl/480.webp', Buffer.from('webp'), 'image/webp');
    expect(await storage.get('2026/11/abcdefghijkl/original.jpg')).toEqual(bytes);
    expect(await storage.get('2026/11/abcdefghijkl/960.webp')).toBeUndefined();
    await storage.delete(['2026/11/abcdefghijkl/original.jpg', '2026/11/abcdefghijkl/480.webp', '2026/11/abcdefghijkl/gone.avif']);
    expect(await storage.get('2026/11/abcdefghijkl/original.jpg')).toBeUndefined();
    expect(await storage.get('2026/11/abcdefghijkl/480.webp')).toBeUndefined();
  });

  it('refuses keys that climb out or are absolute', async () => {
    const storage = store();
    for (const key of ['../secret', '/etc/passwd', '2026/../../x', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/Not a media key/);
      await expect(storage.get(key), key).rejects.toThrow(/Not a media key/);
    }
  });
});

describe('the storages', () => {
  it('sign every S3 request and store files immutable-cached under the bucket', async () => {
    const storage = stores['S3-compatible storage']?.();
    await storage?.put('2026/11/zzzzzzzzzzzz/original.png', Buffer.from('png'), 'image/png');
    expect(s3.objects.get('energy-media/2026/11/zzzzzzzzzzzz/original.png')).toMatchObject({
      contentType: 'image/png',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(s3.requests.length).toBeGreaterThan(0);
    expect(s3.requests.every((r) => r.signed)).toBe(true);
  });

  it('write a folder file whole: no partial file is left beside it', async () => {
    const storage = folderStorage(join(dir, 'whole'));
    await storage.put('2026/11/wwwwwwwwwwww/original.png', Buffer.alloc(100_000, 7), 'image/png');
    expect(readdirSync(join(dir, 'whole/2026/11/wwwwwwwwwwww'))).toEqual(['original.png']);
  });

  it('know a safe key', () => {
    expect(isSafeKey('2026/11/abc/original.jpg')).toBe(true);
    expect(isSafeKey('a//b')).toBe(false);
    expect(isSafeKey('a/../b')).toBe(false);
  });
});
