/** User-facing error messages, in one place (STYLE principle 4). */
export const messages = {
  notFound: 'Not found',
  articleNotFound: 'Article not found',
  invalidQuery: 'Invalid query parameters',
  invalidInput: 'Invalid input',
  unauthorized: 'Unauthorized',
  internal: 'Something went wrong on our side. Please try again.',
  crossSite: 'Cross-site requests are not allowed',
  tooLarge: 'Request body too large',
  jsonOnly: 'Content-Type must be application/json',
  malformedJson: 'Malformed JSON body',
  notAnObject: 'The body must be a JSON object',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
} as const;

/** An error that maps to an HTTP status and the contract's JSON body. */
export class AppError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, options: { errors?: Record<string, string[]>; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export class ValidationError extends AppError {
  constructor(errors: Record<string, string[]>, message: string = messages.invalidInput) {
    super(400, message, { errors });
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = messages.notFound) {
    super(404, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor() {
    super(401, messages.unauthorized);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = messages.crossSite) {
    super(403, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, messages.tooLarge);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, messages.jsonOnly);
  }
}

/** 429 with Retry-After in whole seconds (at least 1). */
export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message: string = messages.rateLimited) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, message, { headers: { 'Retry-After': String(seconds) } });
    this.retryAfterSeconds = seconds;
  }
}

export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, field ? { errors: { [field]: [message] } } : {});
  }
}
