import http from 'node:http';

export interface FakeS3 {
  url: string;
  /** Stored objects by `bucket/key`. */
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string }>;
  /** Each request's method, path and whether it was signed (AWS Signature Version 4). */
  requests: { method: string; path: string; signed: boolean }[];
  close: () => Promise<void>;
}

const xml = (res: http.ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
};

/**
 * A local stand-in for an S3-compatible store, path-style (`/bucket/key`): PutObject,
 * GetObject (NoSuchKey for a missing key) and DeleteObjects, answering S3's XML shapes.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = decodeURIComponent(url.pathname.slice(1));
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? 'GET', path, signed: String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ') });
      if (req.method === 'PUT') {
        objects.set(path, { body, contentType: String(req.headers['content-type'] ?? ''), cacheControl: String(req.headers['cache-control'] ?? '') });
        res.writeHead(200, { ETag: '"fake"' });
        res.end();
      } else if (req.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          xml(res, 404, `<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${path}</Key></Error>`);
          return;
        }
        res.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': String(object.body.length), ETag: '"fake"' });
        res.end(object.body);
      } else if (req.method === 'POST' && url.searchParams.has('delete')) {
        const bucket = path.replace(/\/$/, '');
        const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] ?? '');
        for (const key of keys) objects.delete(`${bucket}/${key}`);
        xml(res, 200, '<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></DeleteResult>');
      } else {
        xml(res, 405, '<Error><Code>MethodNotAllowed</Code><Message>Not supported by the fake.</Message></Error>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
