import { formatEnglish, type MessageValues } from '@crew/rules';

/**
 * Domain decisions either produce events or a typed rejection. Rejections are
 * mapped to HTTP statuses in one place (the API's error filter), so the domain
 * never knows about HTTP.
 */
export type DomainErrorKind = 'validation' | 'rule' | 'not_found' | 'forbidden' | 'conflict';

/**
 * A refusal. Its message is the English a person reads; a message with values
 * is written as an ICU template (`Leg {legs} has no berth left`) with its
 * values, kept as `template` and `values` so that the API can say it in the
 * reader's language (the shared catalogue is keyed by the template).
 */
export class DomainError extends Error {
  /** The message as the catalogue knows it: the English words, or the template of a message with values. */
  readonly template: string;
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly values?: MessageValues,
  ) {
    super(values ? formatEnglish(message, values) : message);
    this.name = 'DomainError';
    this.template = message;
  }
}

export const reject = (kind: DomainErrorKind, code: string, message: string, values?: MessageValues): never => {
  throw new DomainError(kind, code, message, values);
};
