import { DomainError, type DomainErrorKind } from '@crew/domain';
import { PRECONDITION_FAILED, type ErrorResponse } from '@crew/contracts';
import { HttpException } from '@nestjs/common';
import { ZodError } from 'zod';
import { ConcurrencyConflictError, StaleRevisionError } from '../event-store/aggregate-repository';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { APPLICATION_STATUS, ApplicationError } from '../application-error';
import { sayIn, type Say } from '../i18n/messages';
import { zodDefaultMessageIn } from '../i18n/zod-messages';
import { ApiError } from './api-error';

export interface MappedError {
  readonly status: number;
  readonly body: ErrorResponse;
}

const DOMAIN_STATUS: Record<DomainErrorKind, number> = APPLICATION_STATUS;

/** Fastify's own errors (body parsing, limits) by code. */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type; send JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body is empty but JSON was declared' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Content-Length does not match the body' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'BAD_REQUEST', message: 'Content-Type header is invalid' },
};

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

/** The message of the one unique constraint people meet: two accounts with one email (a race the pre-check cannot see). */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in or reset your password.';
const UNIQUE_CONSTRAINT_ERRORS: Record<string, { code: string; message: string }> = {
  users_email_unique: { code: 'EMAIL_TAKEN', message: EMAIL_TAKEN_MESSAGE },
};

/**
 * PostgreSQL's refusals that a request can cause: a unique constraint lost to a
 * concurrent request (23505) is a conflict; a data exception (class 22: a value
 * out of range, bad text) is a bad value. Both are the client's, never a 500.
 */
function databaseError(error: object): MappedError | null {
  if (!('driverError' in error || 'severity' in error)) return null;
  const code = (error as { code?: unknown }).code;
  if (code === '23505') {
    const constraint = String((error as { constraint?: unknown }).constraint ?? '');
    const known = UNIQUE_CONSTRAINT_ERRORS[constraint];
    return { status: 409, body: known ? { error: known.message, code: known.code } : { error: 'This already exists. Please reload and try again.', code: 'ALREADY_EXISTS' } };
  }
  if (typeof code === 'string' && code.startsWith('22')) {
    return { status: 400, body: { error: 'A value in the request cannot be stored', code: 'INVALID_VALUE' } };
  }
  return null;
}

export const zodDetails = (error: ZodError): { path: string; message: string }[] =>
  error.issues.map((issue) => ({ path: issue.path.join('.') || '(body)', message: issue.message }));

/**
 * The one place where failures become HTTP statuses and the `{ error, code }`
 * body, its texts (`error` and each detail's `message`) said in a language
 * (`say`: English unless given). A refusal with values is said from its
 * template; a validation failure's `error` lists its details in that language.
 */
export const mapError = (error: unknown, say: Say = sayIn('en')): MappedError => {
  const { status, body, source } = mapInEnglish(error);
  // zod's own wording (a malformed request) is said with zod's locale; our schemas' messages are shared texts.
  const issues = source instanceof ZodError ? source.issues : null;
  const details = body.details?.map((detail, index) => {
    const issue = issues?.[index];
    const zodWording = issue && say.locale ? zodDefaultMessageIn(say.locale, issue) : null;
    return { ...detail, message: zodWording ?? say(detail.message) };
  });
  let text: string;
  if (source instanceof ZodError && details) text = details.map((d) => `${d.path}: ${d.message}`).join('; ');
  else if (source instanceof DomainError) text = say(source.template, source.values);
  else if (source instanceof ApplicationError) text = say(source.template, source.options.values);
  else text = say(body.error);
  return { status, body: { ...body, error: text, ...(details ? { details } : {}) } };
};

/** The failure's status and English body, and the error the body was made from (a wrapped one's cause). */
const mapInEnglish = (error: unknown): MappedError & { readonly source: unknown } => {
  const mapped = mapOne(error);
  return { ...mapped, source: 'source' in mapped ? mapped.source : error };
};

const mapOne = (error: unknown): MappedError & { readonly source?: unknown } => {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      body: { ...(error.extra ?? {}), error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) },
    };
  }
  if (error instanceof ApplicationError) {
    const { details, extra } = error.options;
    return {
      status: APPLICATION_STATUS[error.kind],
      body: { ...(extra ?? {}), error: error.message, code: error.code, ...(details ? { details: [...details] } : {}) },
    };
  }
  if (error instanceof DomainError) {
    return { status: DOMAIN_STATUS[error.kind], body: { error: error.message, code: error.code } };
  }
  if (error instanceof ZodError) {
    const details = zodDetails(error);
    return { status: 400, body: { error: details.map((d) => `${d.path}: ${d.message}`).join('; '), code: 'VALIDATION_FAILED', details } };
  }
  if (error instanceof StaleRevisionError) {
    return {
      status: 412,
      body: { error: 'Someone else changed this since you loaded it. Reload to see their changes, then make yours again.', code: PRECONDITION_FAILED },
    };
  }
  if (error instanceof ConcurrencyConflictError || error instanceof WrongExpectedRevisionError) {
    return { status: 409, body: { error: 'This record was changed by someone else. Please reload and try again.', code: 'CONCURRENCY_CONFLICT' } };
  }
  if (error instanceof HttpException) {
    // Nest wraps Fastify's own errors (body parsing, limits); map them by their original code.
    const cause = (error as { cause?: unknown }).cause;
    if (cause !== undefined && cause !== error) {
      const mapped = mapInEnglish(cause);
      if (mapped.status < 500) return mapped;
    }
    const status = error.getStatus();
    if (status === 400 && /not valid JSON/i.test(error.message)) {
      return { status, body: { error: FASTIFY_ERRORS['FST_ERR_CTP_INVALID_JSON_BODY']!.message, code: 'INVALID_JSON' } };
    }
    const response = error.getResponse();
    const message = typeof response === 'object' && response !== null && 'message' in response ? String((response as { message: unknown }).message) : error.message;
    return { status, body: { error: status === 404 ? 'Not found' : message, code: STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'ERROR') } };
  }
  if (typeof error === 'object' && error !== null) {
    const fromDatabase = databaseError(error);
    if (fromDatabase) return fromDatabase;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && FASTIFY_ERRORS[code]) {
      const known = FASTIFY_ERRORS[code];
      return { status: known.status, body: { error: known.message, code: known.code } };
    }
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof SyntaxError && statusCode === 400) {
      return { status: 400, body: { error: 'Request body is not valid JSON', code: 'INVALID_JSON' } };
    }
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return { status: statusCode, body: { error: (error as Error).message || 'Bad request', code: STATUS_CODES[statusCode] ?? 'BAD_REQUEST' } };
    }
  }
  return { status: 500, body: { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' } };
};
