import { ApiError } from '../../../lib/api-client';

/** The server's own words about a failed call, when it sent any (e.g. 'Voyage is full'); null otherwise. */
export const serverMessage = (error: unknown): string | null =>
  error instanceof ApiError && error.status >= 400 && error.code !== 'HTTP_ERROR' && error.message ? error.message : null;

export const hasStatus = (error: unknown, status: number): boolean => error instanceof ApiError && error.status === status;
