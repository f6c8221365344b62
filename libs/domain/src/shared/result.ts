/**
 * Domain decisions either produce events or a typed rejection. Rejections are
 * mapped to HTTP statuses in one place (the API's error filter), so the domain
 * never knows about HTTP.
 */
export type DomainErrorKind = 'validation' | 'rule' | 'not_found' | 'forbidden' | 'conflict';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const reject = (kind: DomainErrorKind, code: string, message: string): never => {
  throw new DomainError(kind, code, message);
};
