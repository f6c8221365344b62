import type { DomainErrorKind } from '@crew/domain';
import { formatEnglish, type MessageValues } from '@crew/rules';

/**
 * What a use case refuses with, in the application's terms; the HTTP status
 * is chosen in one place (http/error-mapping.ts). The domain's own rejections
 * are DomainErrors; this adds the refusals only an application knows:
 * nobody signed in, a subscription needed, a link used up, a limit reached,
 * a service not there.
 */
export type ApplicationErrorKind = DomainErrorKind | 'unauthenticated' | 'payment_required' | 'gone' | 'rate_limited' | 'unavailable';

export interface ApplicationErrorOptions {
  /** Which fields were refused, and why. */
  readonly details?: readonly { path: string; message: string }[];
  /** More fields of the error body a route documents (the counts of a refused deletion, say). */
  readonly extra?: Readonly<Record<string, string | number | boolean>>;
  /** When a rate-limited client may try again (sent as Retry-After). */
  readonly retryAfterS?: number;
  /** The values of a message written as an ICU template (`Please wait {seconds} s`). */
  readonly values?: MessageValues;
}

export class ApplicationError extends Error {
  /** The message as the shared catalogue knows it: the English words, or the template of a message with values. */
  readonly template: string;
  constructor(
    readonly kind: ApplicationErrorKind,
    readonly code: string,
    /** The English a person reads; with `options.values`, its ICU template. */
    message: string,
    readonly options: ApplicationErrorOptions = {},
  ) {
    super(options.values ? formatEnglish(message, options.values) : message);
    this.name = 'ApplicationError';
    this.template = message;
  }
}

/** The HTTP status of each kind of refusal. */
export const APPLICATION_STATUS: Readonly<Record<ApplicationErrorKind, number>> = {
  validation: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rule: 422,
  rate_limited: 429,
  unavailable: 503,
};
