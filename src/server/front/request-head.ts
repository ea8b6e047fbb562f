import type http from 'node:http';

/**
 * A Host header as RFC 9110 (7.2) and RFC 3986 (3.2.2) allow it: a registered name (letters,
 * digits, `-._~`, sub-delims, percent-encodings), an IPv4 address, or an IP literal in
 * brackets, with an optional port. Whatever the app would build its URL from must also be an
 * address the WHATWG URL parser takes (`999.1.1.1` and a port past 65535 are not).
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|\[v[0-9A-Fa-f]+\.[\w\-.~!$&'()*+,;=:]+\]|(?:[\w\-.~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+)(?::\d{0,5})?$/;

/** The last Host that checked out: nearly every request names the same one, so most checks are one comparison. */
let lastGoodHost: string | undefined;

/** What is wrong with a request's Host header, if anything: missing where HTTP/1.1 needs one, or not a host name. */
export function hostProblem(req: http.IncomingMessage): 'missing' | 'invalid' | undefined {
  const host = req.headers.host;
  if (host === undefined) return req.httpVersionMajor === 1 && req.httpVersionMinor === 0 ? undefined : 'missing';
  if (host === lastGoodHost) return undefined;
  if (!HOST.test(host) || !URL.canParse(`http://${host}/`)) return 'invalid';
  lastGoodHost = host;
  return undefined;
}

/**
 * What Node left to the front of a request's `Expect` header (the server's `checkContinue`
 * and `checkExpectation` events): a `100-continue` whose interim answer is sent only once the
 * request is let into the app (so a write that waits for a slot, or is refused, makes no client
 * send its body for nothing), or an expectation the server cannot meet (417).
 */
const expectations = new WeakMap<http.IncomingMessage, 'continue' | 'unmet'>();

export function expectsContinue(req: http.IncomingMessage): void {
  expectations.set(req, 'continue');
}

export function expectsUnmet(req: http.IncomingMessage): void {
  expectations.set(req, 'unmet');
}

/** Whether the request's `Expect` names something other than `100-continue`. */
export function hasUnmetExpectation(req: http.IncomingMessage): boolean {
  return req.headers.expect !== undefined && expectations.get(req) === 'unmet';
}

/** Sends the `100 Continue` a request waits for before its body, once, if it waits for one. */
export function continueIfExpected(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.headers.expect === undefined || expectations.get(req) !== 'continue') return;
  expectations.delete(req);
  if (!res.headersSent && !res.writableEnded) res.writeContinue();
}
