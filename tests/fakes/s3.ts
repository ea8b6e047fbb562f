import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export interface FakeS3 {
  url: string;
  /** Stored objects by `bucket/key`. */
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string }>;
  /** Each request's method, path and how its AWS Signature Version 4 checked out ('valid', or the S3 error code it got). */
  requests: { method: string; path: string; signature: string }[];
  close: () => Promise<void>;
}

/** The key pair the fake accepts, as a store's access key and secret. */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The credentials the fake accepts unless told others. */
export const FAKE_S3_CREDENTIALS: S3Credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret' };

/** What the signature check needs of a request. */
export interface SignedRequest {
  method: string;
  /** The request target as sent: path and query, percent-encoded. */
  target: string;
  /** Header values by lower-case name. */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ percent-encoded. */
const uriEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** How far a request's time may be from the fake's clock (S3 allows 15 minutes). */
const MAX_SKEW_MS = 15 * 60_000;

/**
 * Checks a request's AWS Signature Version 4 (the Authorization header form) as S3 does,
 * recomputing it from the request and the secret: the canonical request (method, path,
 * sorted query, the signed headers, the payload's hash), the string to sign with the
 * credential scope, and the HMAC-SHA256 key chain of date, region, service. Answers 'valid'
 * or the error code S3 would answer.
 * Spec: https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
export function checkSignatureV4(request: SignedRequest, credentials: S3Credentials, now: Date = new Date()): string {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      header('authorization'),
    );
  if (!auth) return 'AccessDenied';
  const [, accessKeyId, day = '', region = '', service = '', signedHeaders = '', signature = ''] = auth;
  if (accessKeyId !== credentials.accessKeyId) return 'InvalidAccessKeyId';
  const amzDate = header('x-amz-date');
  const time = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (Number.isNaN(time) || amzDate.slice(0, 8) !== day) return 'AuthorizationHeaderMalformed';
  if (Math.abs(time - now.getTime()) > MAX_SKEW_MS) return 'RequestTimeTooSkewed';
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
  const payloadHash = header('x-amz-content-sha256');
  if (!payloadHash) return 'InvalidRequest';
  if (!/^(UNSIGNED-PAYLOAD|STREAMING-)/.test(payloadHash) && payloadHash !== sha256(request.body)) return 'XAmzContentSHA256Mismatch';

  const url = new URL(request.target, 'http://fake');
  let path: string;
  try {
    path = url.pathname
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/');
  } catch {
    return 'InvalidURI';
  }
  const query = [...url.searchParams]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [request.method, path, query, ...names.map((n) => `${n}:${header(n)}`), '', signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), service), 'aws4_request');
  const expected = hmac(key, stringToSign);
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? 'valid' : 'SignatureDoesNotMatch';
}

const xml = (res: http.ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
};

/** The status S3 answers each signature error with. */
const SIGNATURE_ERROR_STATUS: Record<string, number> = {
  AuthorizationHeaderMalformed: 400,
  InvalidRequest: 400,
  InvalidURI: 400,
  XAmzContentSHA256Mismatch: 400,
};

/**
 * A local stand-in for an S3-compatible store, path-style (`/bucket/key`): PutObject,
 * GetObject (NoSuchKey for a missing key) and DeleteObjects, answering S3's XML shapes. Every
 * request must carry a valid AWS Signature Version 4 for `credentials`; any other is refused
 * as S3 refuses it (403 SignatureDoesNotMatch for a wrong secret) and changes nothing.
 */
export async function startFakeS3(credentials: S3Credentials = FAKE_S3_CREDENTIALS): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = decodeURIComponent(url.pathname.slice(1));
      const body = Buffer.concat(chunks);
      const signature = checkSignatureV4({ method: req.method ?? 'GET', target: req.url ?? '/', headers: req.headers, body }, credentials);
      requests.push({ method: req.method ?? 'GET', path, signature });
      if (signature !== 'valid') {
        xml(
          res,
          SIGNATURE_ERROR_STATUS[signature] ?? 403,
          `<Error><Code>${signature}</Code><Message>The request signature does not check out.</Message></Error>`,
        );
      } else if (req.method === 'PUT') {
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
