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
      trustProxy: false,
    });
  });

  it('derives the site URL from PORT and trims a trailing slash from SITE_URL', () => {
    expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ SITE_URL: 'https://energy.example/' }).siteUrl).toBe('https://energy.example');
  });

  it('treats empty values as unset and names every bad variable', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(4321);
    expect(() => loadConfig({ PORT: 'abc', SEED: 'maybe' })).toThrow(/PORT.*SEED|SEED.*PORT/);
  });

  it('reads the mail settings and names a bad one', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://user:secret@smtp.example.com:465', EDITORS_EMAIL: 'desk@example.com' });
    expect(config).toMatchObject({ smtpUrl: 'smtps://user:secret@smtp.example.com:465', editorsEmail: 'desk@example.com' });
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL: must start with smtp/);
    expect(() => loadConfig({ EDITORS_EMAIL: 'not an address' })).toThrow(/EDITORS_EMAIL/);
  });
});
