/** User-facing error messages, in one place (STYLE principle 4). */
export const messages = {
  notFound: 'Not found',
  articleNotFound: 'Article not found',
  invalidQuery: 'Invalid query parameters',
  invalidInput: 'Invalid input',
  unauthorized: 'Unauthorized',
  internal: 'Something went wrong on our side. Please try again.',
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
