import type * as S3Sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Storage } from '@/server/media-storage';
import { FAKE_S3_CREDENTIALS, startFakeS3, type FakeS3 } from '../fakes/s3.ts';

// The S3 SDK is loaded with a storage's first use, not at start (c9147be). On a busy machine that
// load takes seconds: the uses that meet it wait for it, all through one client, and none is lost.
// The load here is held until the test lets it finish.
const load = vi.hoisted(() => {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish, started: 0, clients: 0 };
});
vi.mock('@aws-sdk/client-s3', async (importOriginal) => {
  load.started++;
  await load.done;
  const real = await importOriginal<typeof S3Sdk>();
  class S3Client extends real.S3Client {
    constructor(...args: ConstructorParameters<typeof real.S3Client>) {
      super(...args);
      load.clients++;
    }
  }
  return { ...real, S3Client };
});

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3?.close());

describe('an S3 storage used while the SDK loads', () => {
  it('holds every use until it has loaded, then serves them all through one client', async () => {
    const storage = s3Storage({
      kind: 's3',
      bucket: 'energy-media',
      region: 'us-east-1',
      endpoint: s3.url,
      credentials: FAKE_S3_CREDENTIALS,
    });
    let settled = 0;
    const uses = [
      storage.put('2026/11/first/original.png', Buffer.from('first'), 'image/png'),
      storage.put('2026/11/second/original.png', Buffer.from('second'), 'image/png'),
      storage.get('2026/11/missing/original.png'),
    ].map((use) => use.finally(() => settled++));
    await vi.waitFor(() => expect(load.started).toBe(1), { timeout: 30_000, interval: 10 });
    expect(settled).toBe(0);
    load.finish();
    const [, , missing] = await Promise.all(uses);
    expect(missing).toBeUndefined();
    expect(load.clients).toBe(1);
    expect((await storage.get('2026/11/first/original.png'))?.toString()).toBe('first');
    expect((await storage.get('2026/11/second/original.png'))?.toString()).toBe('second');
    expect(load.clients).toBe(1);
  }, 60_000);
});
