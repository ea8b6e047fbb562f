import http from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

export type FakeHandler = (req: RecordedRequest) => { status: number; body: unknown; headers?: Record<string, string> };

/** A local HTTP server for tests, answering JSON (or HTML, for a string body) from `handler` and recording every request. */
export async function startFakeServer(handler: FakeHandler, port = 0): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      requests.push(recorded);
      const answer = handler(recorded);
      const raw = typeof answer.body === 'string';
      res.writeHead(answer.status, { 'Content-Type': raw ? 'text/html; charset=utf-8' : 'application/json;charset=UTF-8', ...answer.headers });
      res.end(raw ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
