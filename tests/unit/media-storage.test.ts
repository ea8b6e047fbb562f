import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStorage, isSafeKey, s3Storage, type MediaStorage } from '@/server/media-storage';
import { FAKE_S3_CREDENTIALS, checkSignatureV4, startFakeS3, type FakeS3 } from '../fakes/s3.ts';

const dir = mkdtempSync(join(tmpdir(), 'energy-media-'));
let s3: FakeS3;
const stores: Record<string, () => MediaStorage> = {};

beforeAll(async () => {
  s3 = await startFakeS3();
  stores['a folder'] = () => folderStorage(join(dir, 'media'));
  stores['S3-compatible storage'] = () => s3Store(FAKE_S3_CREDENTIALS.secretAccessKey);
});

/** The fake store's bucket, signed with `secretAccessKey`. */
const s3Store = (secretAccessKey: string) =>
  s3Storage({
    kind: 's3',
    bucket: 'energy-media',
    region: 'us-east-1',
    endpoint: s3.url,
    credentials: { accessKeyId: FAKE_S3_CREDENTIALS.accessKeyId, secretAccessKey },
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
    expect(s3.requests.filter((r) => r.signature !== 'valid')).toEqual([]);
  });

  it('are refused by S3 when signed with a wrong secret, and store nothing', async () => {
    const before = s3.requests.length;
    const put = s3Store('not-the-secret').put('2026/11/yyyyyyyyyyyy/original.png', Buffer.from('png'), 'image/png');
    await expect(put).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    expect(s3.objects.has('energy-media/2026/11/yyyyyyyyyyyy/original.png')).toBe(false);
    expect(s3.requests.slice(before).map((r) => r.signature)).toContain('SignatureDoesNotMatch');
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

describe('the fake S3', () => {
  // AWS's worked example of a signed GET (Amazon S3 API Reference, "Signature Calculations for
  // the Authorization Header: Transferring Payload in a Single Chunk"): the fake's check agrees with it.
  const example = {
    method: 'GET',
    target: '/test.txt',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
    body: Buffer.alloc(0),
  };
  const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
  const at = new Date('2013-05-24T00:05:00Z');

  it("checks a signature as AWS's own example computes it, and refuses any change to what was signed", () => {
    expect(checkSignatureV4(example, credentials, at)).toBe('valid');
    expect(checkSignatureV4(example, { ...credentials, secretAccessKey: 'wrong' }, at)).toBe('SignatureDoesNotMatch');
    expect(checkSignatureV4({ ...example, headers: { ...example.headers, range: 'bytes=0-99' } }, credentials, at)).toBe('SignatureDoesNotMatch');
    expect(checkSignatureV4({ ...example, target: '/other.txt' }, credentials, at)).toBe('SignatureDoesNotMatch');
    expect(checkSignatureV4({ ...example, method: 'DELETE' }, credentials, at)).toBe('SignatureDoesNotMatch');
    expect(checkSignatureV4(example, { ...credentials, accessKeyId: 'AKIDOTHER' }, at)).toBe('InvalidAccessKeyId');
    expect(checkSignatureV4({ ...example, body: Buffer.from('x') }, credentials, at)).toBe('XAmzContentSHA256Mismatch');
    expect(checkSignatureV4(example, credentials, new Date('2013-05-24T01:00:00Z'))).toBe('RequestTimeTooSkewed');
  });
});
