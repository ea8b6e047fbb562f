import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';

describe('loadConfig', () => {
  it('applies the contract defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4321,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:4321',
      databaseUrl: 'file:./data/energy.db',
      seed: true,
      trustProxy: { hops: 0 },
    });
  });

  it('reads TRUST_PROXY as true or false (one proxy, none), a number of proxy hops, or a list of trusted proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,2001:db8::/32' }).trustProxy).toEqual({
      proxies: ['10.0.0.0/8', '192.168.1.5', '2001:db8::/32'],
    });
    for (const bad of ['maybe', '11', '-1', '10.0.0.0/33', '10.0.0.300', '2001:db8::/129', '10.0.0.0/8,', 'lb.internal', '10.0.0.0/8/8']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be true, false, the number of proxies/);
    }
  });

  it('derives the site URL from PORT and trims a trailing slash from SITE_URL', () => {
    expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ SITE_URL: 'https://energy.example/' }).siteUrl).toBe('https://energy.example');
  });

  it('treats empty values as unset and names every bad variable', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(4321);
    expect(() => loadConfig({ PORT: 'abc', SEED: 'maybe' })).toThrow(/PORT.*SEED|SEED.*PORT/);
  });

  it('keeps media in a folder by default, in an S3-compatible bucket when one is named, and names a half-given key', () => {
    expect(loadConfig({}).media).toEqual({ kind: 'folder', dir: './data/media' });
    expect(loadConfig({}).mediaMaxBytes).toBe(10 * 1024 * 1024);
    expect(
      loadConfig({
        MEDIA_S3_BUCKET: 'news-media',
        MEDIA_S3_ENDPOINT: 'https://r2.example/',
        MEDIA_S3_ACCESS_KEY_ID: 'id',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
      }).media,
    ).toEqual({
      kind: 's3',
      bucket: 'news-media',
      region: 'us-east-1',
      endpoint: 'https://r2.example',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'news-media', MEDIA_S3_ACCESS_KEY_ID: 'id' })).toThrow(/MEDIA_S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ MEDIA_MAX_MB: '500' })).toThrow(/MEDIA_MAX_MB/);
  });

  it('reads EIA_SCHEDULE as off or daily Eastern times, and names it when it is bad', () => {
    expect(loadConfig({}).eiaSchedule).toEqual(['11:00']);
    expect(loadConfig({ EIA_SCHEDULE: 'off' }).eiaSchedule).toEqual([]);
    expect(loadConfig({ EIA_SCHEDULE: 'OFF' }).eiaSchedule).toEqual([]);
    expect(loadConfig({ EIA_SCHEDULE: '11:00, 06:30' }).eiaSchedule).toEqual(['06:30', '11:00']);
    for (const bad of ['daily', '6:30', '24:00', '11:60', '11:00;12:00', '0 6 * * *']) {
      expect(() => loadConfig({ EIA_SCHEDULE: bad }), bad).toThrow(/EIA_SCHEDULE: must be off, or daily times/);
    }
  });

  it('reads BRIEFING_TIME as off or one Eastern time, and names it when it is bad', () => {
    expect(loadConfig({}).briefingTime).toBe('06:30');
    expect(loadConfig({ BRIEFING_TIME: 'off' }).briefingTime).toBeUndefined();
    expect(loadConfig({ BRIEFING_TIME: ' 07:15 ' }).briefingTime).toBe('07:15');
    for (const bad of ['6:30', '25:00', '06:30,07:00', 'morning']) {
      expect(() => loadConfig({ BRIEFING_TIME: bad }), bad).toThrow(/BRIEFING_TIME: must be off, or one daily time/);
    }
  });

  it('reads the mail settings and names a bad one', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://user:secret@smtp.example.com:465', EDITORS_EMAIL: 'desk@example.com' });
    expect(config).toMatchObject({ smtpUrl: 'smtps://user:secret@smtp.example.com:465', editorsEmail: 'desk@example.com' });
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL: must start with smtp/);
    expect(() => loadConfig({ EDITORS_EMAIL: 'not an address' })).toThrow(/EDITORS_EMAIL/);
  });

  it('reads the public contact address, the sample site’s by default, and names a bad one', () => {
    expect(loadConfig({}).contactEmail).toBe('editors@energypulse.example');
    expect(loadConfig({ CONTACT_EMAIL: 'newsroom@example.org' }).contactEmail).toBe('newsroom@example.org');
    for (const bad of ['newsroom', 'a@b', '"x"@example.org', 'x@example.org<script>']) {
      expect(() => loadConfig({ CONTACT_EMAIL: bad }), bad).toThrow(/CONTACT_EMAIL: must be an e-mail address/);
    }
  });

  it('reads the database busy timeout (10 s by default) and size cap (none by default), and names a bad one', () => {
    expect(loadConfig({})).toMatchObject({ databaseBusyTimeoutMs: 10_000, databaseMaxBytes: undefined });
    expect(loadConfig({ DATABASE_BUSY_TIMEOUT_MS: '250', DATABASE_MAX_MB: '1.5' })).toMatchObject({
      databaseBusyTimeoutMs: 250,
      databaseMaxBytes: 1.5 * 1024 * 1024,
    });
    for (const bad of ['0', '99', '60001', 'soon'])
      expect(() => loadConfig({ DATABASE_BUSY_TIMEOUT_MS: bad }), bad).toThrow(/DATABASE_BUSY_TIMEOUT_MS/);
    for (const bad of ['0', '-5', 'big']) expect(() => loadConfig({ DATABASE_MAX_MB: bad }), bad).toThrow(/DATABASE_MAX_MB/);
  });
});
