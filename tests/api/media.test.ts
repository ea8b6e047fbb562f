import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { media } from '@db/schema';
import type { AdminPage } from '@/lib/wire/common';
import type { MediaItem } from '@/lib/wire/media';
import { apiClient } from '../helpers/api-client.ts';
import { rawExchange } from '../helpers/raw-http.ts';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'media-library-password';
// A 1 MB cap keeps the oversized uploads small.
const server = useTestServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', MEDIA_MAX_MB: '1' });
const api = apiClient(server, PASSWORD);
let cookie: string;
beforeAll(async () => (cookie = await api.signIn()));

/** Uploads a file as the editor's browser does (multipart/form-data). */
async function upload(bytes: Uint8Array, name: string, type: string, fields: Record<string, string> = {}, withCookie = cookie) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const response = await fetch(`${server.url}/api/admin/media`, { method: 'POST', body: form, headers: { Origin: server.url, Cookie: withCookie } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as MediaItem & { message?: string } };
}

/** A photo-like test image (noise compresses like a photograph does). */
async function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif'): Promise<Buffer> {
  const noise = sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  return noise.toFormat(format).toBuffer();
}

const get = (path: string) => fetch(`${server.url}${path}`);

/**
 * The server process's resident memory now and at its peak since the last call (the kernel's
 * high-water mark, reset here through `clear_refs`), in bytes.
 */
function residentMemory(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  const reading = { now: kb('VmRSS'), peak: kb('VmHWM') };
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return reading;
}

async function total(): Promise<number> {
  const res = await api.call('GET', '/api/admin/media', { cookie });
  return (res.json as unknown as AdminPage<MediaItem>).total;
}

describe('the media library', () => {
  it('takes a JPEG, keeps an original without its metadata and serves AVIF and WebP copies, cached for a year', async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#2a6f97' } })
      .withExif({ IFD0: { Copyright: 'secret-location-42' } })
      .jpeg()
      .toBuffer();
    expect(jpeg.includes('secret-location-42')).toBe(true);
    const { status, body } = await upload(jpeg, 'rig count.JPG', 'image/jpeg', { alt: 'A drilling rig at dusk', credit: 'EIA' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      format: 'jpeg',
      width: 2000,
      height: 1200,
      alt: 'A drilling rig at dusk',
      credit: 'EIA',
      filename: 'rig count.JPG',
    });
    expect(body.variants.map((v) => v.width)).toEqual([480, 960, 1600]);

    const original = await get(body.url);
    expect(original.status).toBe(200);
    expect(original.headers.get('Content-Type')).toBe('image/jpeg');
    expect(original.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(original.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(original.headers.get('Content-Security-Policy')).toContain('sandbox');
    const stored = Buffer.from(await original.arrayBuffer());
    expect(stored.includes('secret-location-42')).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(2000);

    for (const variant of body.variants) {
      const avif = await get(variant.avif);
      expect(avif.headers.get('Content-Type')).toBe('image/avif');
      const meta = await sharp(Buffer.from(await avif.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'heif', compression: 'av1', width: variant.width });
      const webp = await get(variant.webp);
      expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).format).toBe('webp');
    }
  });

  it('takes PNG, WebP and AVIF by their content; a small image gets one copy at its own width', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      // The name lies about the type: the content decides.
      const { status, body } = await upload(await picture(300, 200, format), 'upload.bin', 'application/octet-stream');
      expect(status, format).toBe(201);
      expect(body.format).toBe(format);
      expect(body.variants.map((v) => v.width)).toEqual([300]);
      expect((await get(body.url)).status).toBe(200);
    }
  });

  it('refuses a renamed executable and an SVG, storing nothing', async () => {
    const before = await total();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)]);
    const exe = await upload(elf, 'photo.jpg', 'image/jpeg');
    expect(exe.status).toBe(415);
    expect(exe.body.message).toMatch(/JPEG, PNG, WebP and AVIF/);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'chart.png', 'image/png');
    expect(svg.status).toBe(415);
    expect(await total()).toBe(before);
  });

  it('refuses an image past MEDIA_MAX_MB, and a body past it before reading it', async () => {
    const before = await total();
    // Past the cap but within the form's allowance: the route says what the cap is.
    const justOver = Buffer.concat([await picture(64, 64, 'png'), Buffer.alloc(1024 * 1024 + 1000, 1)]);
    const over = await upload(justOver, 'big.png', 'image/png');
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('The image is larger than 1 MB. Export it smaller and upload it again.');
    // Far past it: the server refuses by Content-Length, before a byte of the body is sent.
    const huge = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.url}/api/admin/media`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(3 * 1024 * 1024), Origin: server.url, Cookie: cookie },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(huge).toBe(413);
    expect(await total()).toBe(before);
  });

  it('refuses a decompression bomb (49 megapixels in a small PNG) without decoding it: memory stays where it was', async () => {
    const before = await total();
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(300 * 1024);
    const rss = residentMemory(server.pid);
    const refused = await upload(bomb, 'bomb.png', 'image/png');
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/too many pixels/);
    // Decoded, the image alone would take 196 MB (and its copies as much again): the server
    // may grow by a fraction of that at most.
    expect(residentMemory(server.pid).peak - rss.now).toBeLessThan(96 * 1024 * 1024);
    expect(await total()).toBe(before);
  });

  it('refuses by its first bytes any format an upload never needs, and an AVIF container holding something else', async () => {
    const before = await total();
    const small = sharp({ create: { width: 20, height: 20, channels: 3, background: '#2a6f97' } });
    const tiff = await small.clone().tiff().toBuffer();
    const gif = await small.clone().gif().toBuffer();
    // An HEIF (HEVC) file: the container of AVIF with another brand.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]);
    for (const [name, bytes] of [
      ['scan.tiff', tiff],
      ['chart.gif', gif],
      ['phone.heic', heic],
    ] as const) {
      const refused = await upload(bytes, name, 'image/png');
      expect(refused.status, name).toBe(415);
      expect(refused.body.message, name).toMatch(/JPEG, PNG, WebP and AVIF/);
    }
    expect(await total()).toBe(before);
  });

  it('keeps file names without control, direction or invisible characters, and shows older ones cleaned', async () => {
    // A right-to-left override would show "invoice\u202egpj.exe" as "invoiceexe.jpg".
    const { status, body } = await upload(await picture(40, 30, 'png'), 'rig\u200b count\u2066 \u202egnp.exe\u2069\ufeff.png', 'image/png');
    expect(status).toBe(201);
    expect(body.filename).toBe('rig count gnp.exe.png');
    const [older] = await server.database.db
      .insert(media)
      .values({
        key: '2026/11/cleanname001',
        filename: 'old\u202e\u200dname\u0007.jpg',
        format: 'jpeg',
        width: 10,
        height: 10,
        bytes: 10,
        variants: [10],
      })
      .returning({ id: media.id });
    const shown = await api.call('GET', `/api/admin/media/${older?.id ?? 0}`, { cookie });
    expect(shown.json['filename']).toBe('oldname.jpg');
    await server.database.db.delete(media).where(eq(media.key, '2026/11/cleanname001'));
  });

  it('keeps nothing a polyglot carries beyond the image', async () => {
    const jpeg = await picture(400, 300, 'jpeg');
    const payload = Buffer.from('<html><script>document.cookie</script></html>PK\u0003\u0004polyglot-archive');
    const { status, body } = await upload(Buffer.concat([jpeg, payload]), 'innocent.jpg', 'image/jpeg');
    expect(status).toBe(201);
    const served = await get(body.url);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes('<script>')).toBe(false);
    expect(bytes.includes('polyglot-archive')).toBe(false);
  });

  it('lists, searches, describes and deletes images; only the administrator may', async () => {
    const { body: item } = await upload(await picture(500, 400, 'webp'), 'henry-hub-chart.webp', 'image/webp');
    const found = await api.call('GET', '/api/admin/media?q=henry-hub', { cookie });
    expect((found.json as unknown as AdminPage<MediaItem>).items.map((i) => i.id)).toEqual([item.id]);
    const described = await api.call('PATCH', `/api/admin/media/${item.id}`, {
      cookie,
      body: { alt: 'Henry Hub prices over a year', caption: 'Spot prices' },
    });
    expect(described.status).toBe(200);
    expect(described.json).toMatchObject({ alt: 'Henry Hub prices over a year', caption: 'Spot prices' });
    const tooLong = await api.call('PATCH', `/api/admin/media/${item.id}`, { cookie, body: { alt: 'x'.repeat(301) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json['errors']).toHaveProperty('alt');

    expect((await api.call('GET', '/api/admin/media')).status).toBe(401);
    // An upload without a session is refused before its body is read (a client still sending
    // it reads the answer: tests/api/http-front.test.ts).
    const png = await picture(50, 50, 'png');
    const part = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n'),
      png,
      Buffer.from('\r\n--b--\r\n'),
    ]);
    const head = `POST /api/admin/media HTTP/1.1\r\nHost: localhost\r\nOrigin: ${server.url}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${part.length}\r\n\r\n`;
    const anonymous = await rawExchange(Number(new URL(server.url).port), { send: [Buffer.concat([Buffer.from(head), part])] });
    expect(anonymous.response?.status).toBe(401);

    expect((await api.call('DELETE', `/api/admin/media/${item.id}`, { cookie })).status).toBe(204);
    expect((await get(item.url)).status).toBe(404);
    expect((await get(item.variants[0]?.webp ?? '')).status).toBe(404);
    expect((await api.call('GET', `/api/admin/media/${item.id}`, { cookie })).status).toBe(404);
  });

  it('serves nothing but library images from /media', async () => {
    for (const path of [
      '/media/../../package.json',
      '/media/2026/11/aaaaaaaaaaaa/original.svg',
      '/media/x',
      '/media/2026/11/aaaaaaaaaaaa/original.jpg',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe('library images in articles', () => {
  let image: MediaItem;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    const uploaded = await upload(await picture(1200, 800, 'jpeg'), 'turbines.jpg', 'image/jpeg', { alt: 'Turbines', credit: 'Library credit' });
    image = uploaded.body;
    const categories = (await (await get('/api/categories')).json()) as { id: number }[];
    base = { excerpt: 'Wind story', author: 'Media Desk', categoryId: categories[0]!.id };
  });

  const figure = (alt: string) =>
    `<p>Wind turbines.</p><figure><img src="${image.url}"${alt ? ` alt="${alt}"` : ''} width="1200" height="800"><figcaption>Turbines at dusk <span class="credit">Photo: Jane Roe</span></figcaption></figure>`;

  it('refuses an article whose body image has no alt text, and a library lead image without alt text', async () => {
    const body = await api.call('POST', '/api/articles', { cookie, body: { ...base, title: 'No alt', slug: 'no-alt-body', content: figure('') } });
    expect(body.status).toBe(400);
    expect(body.json).toMatchObject({ errors: { content: [expect.stringMatching(/alt text/)] } });
    const lead = await api.call('POST', '/api/articles', {
      cookie,
      body: { ...base, title: 'No alt', slug: 'no-alt-lead', content: '<p>x</p>', imageUrl: image.url },
    });
    expect(lead.status).toBe(400);
    expect(lead.json).toMatchObject({ errors: { imageAlt: [expect.stringMatching(/alt text/)] } });
    expect((await get('/article/no-alt-body')).status).toBe(404);
    expect((await get('/article/no-alt-lead')).status).toBe(404);
  });

  it('refuses an update that sets a library lead image without alt text, keeping the article as it was', async () => {
    const created = await api.call('POST', '/api/articles', {
      cookie,
      body: { ...base, title: 'Typed image', slug: 'typed-image', content: '<p>x</p>' },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const patched = await api.call('PATCH', `/api/articles/${id}`, { cookie, body: { imageUrl: image.url } });
    expect(patched.status).toBe(400);
    expect(patched.json).toMatchObject({ errors: { imageAlt: [expect.any(String)] } });
    const now = await api.call('GET', `/api/admin/articles/${id}`, { cookie });
    expect(now.json.imageUrl).toBeNull();
    await api.call('DELETE', `/api/articles/${id}`, { cookie });
  });

  it('serves readers each library image as a picture of its AVIF and WebP copies, sized, with caption and credit', async () => {
    const created = await api.call('POST', '/api/articles', {
      cookie,
      body: {
        ...base,
        title: 'Wind at dusk',
        slug: 'wind-at-dusk',
        content: figure('Turbines on a ridge'),
        imageUrl: image.url,
        imageAlt: 'A wind farm & its "lines"',
        imageCaption: 'The Altamont pass',
        imageCredit: 'Photo: John Doe',
      },
    });
    expect(created.status).toBe(201);
    const html = await (await get('/article/wind-at-dusk')).text();
    const pictures = html.match(/<picture>.*?<\/picture>/gs) ?? [];
    expect(pictures).toHaveLength(2);
    const [lead, body] = pictures as [string, string];
    const key = image.url.replace(/\/original\.jpg$/, '');
    for (const p of pictures) {
      // Up to the original's own width: a wide screen or a sharp one gets every pixel there is.
      expect(p).toContain(`<source type="image/avif" srcset="${key}/480.avif 480w, ${key}/960.avif 960w, ${key}/1200.avif 1200w"`);
      expect(p).toContain(`<source type="image/webp" srcset="${key}/480.webp 480w, ${key}/960.webp 960w, ${key}/1200.webp 1200w"`);
      expect(p).toMatch(/ sizes="[^"]+"/);
      expect(p).toContain('width="1200" height="800"');
      expect(p).toContain('decoding="async"');
    }
    expect(lead).toContain('alt="A wind farm &amp; its &quot;lines&quot;"');
    expect(lead).toContain('fetchpriority="high"');
    expect(lead).not.toContain('loading="lazy"');
    expect(body).toContain('alt="Turbines on a ridge"');
    expect(body).toContain('loading="lazy"');
    expect(html).toMatch(/<figcaption>The Altamont pass <span class="credit">Photo: John Doe<\/span><\/figcaption>/);
    expect(html).toContain('Turbines at dusk <span class="credit">Photo: Jane Roe</span></figcaption>');
    // The lists' cards take a resized copy, not the original.
    const news = await (await get('/news?q=wind+dusk')).text();
    expect(news).toContain(`src="${key}/960.webp"`);
    const api2 = (await (await get('/api/articles?q=wind+dusk&fields=summary')).json()) as { slug: string; image?: { cardSrc: string } }[];
    expect(api2.find((a) => a.slug === 'wind-at-dusk')?.image?.cardSrc).toBe(`${key}/960.webp`);
    await api.call('DELETE', `/api/articles/${created.json.id as number}`, { cookie });
  });

  it('shows an author photo from the library as its resized copies', async () => {
    const created = await api.call('POST', '/api/admin/authors', {
      cookie,
      body: { name: 'Photo Desk', slug: 'photo-desk', title: '', bio: '', links: [], photoUrl: image.url },
    });
    expect(created.status).toBe(201);
    const html = await (await get('/author/photo-desk')).text();
    const key = image.url.replace(/\/original\.jpg$/, '');
    expect(html).toMatch(
      new RegExp(`<img src="${key}/960\\.webp" srcset="${key}/480\\.webp 480w, ${key}/960\\.webp 960w, ${key}/1200\\.webp 1200w" sizes="8rem"`),
    );
  });
});
