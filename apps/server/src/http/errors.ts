/** One error class with closed kinds; the error handler maps each kind to its HTTP status. */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  /** A service we depend on (the payment provider) does not answer: try again later. */
  | 'unavailable';

export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: ErrorKind, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get statusCode(): number {
    return STATUS_OF[this.kind];
  }
}
