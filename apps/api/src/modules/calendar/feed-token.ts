import { createHash, randomBytes } from 'node:crypto';
import { calendarPaths } from '@crew/contracts/paths';

/**
 * A calendar feed's secret: 32 random bytes (base64url, 43 characters) in
 * the feed's address. Only its SHA-256 is stored, so neither the table nor a
 * copy of it gives out a working address; a token this long needs no slow
 * hash, as nobody can guess one.
 */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newFeedToken = (): string => randomBytes(32).toString('base64url');

export const feedTokenHash = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** The token of a feed file name (`<token>.ics`), or null for anything that cannot be one. */
export const feedTokenOf = (fileName: string): string | null => {
  const token = fileName.endsWith('.ics') ? fileName.slice(0, -'.ics'.length) : '';
  return TOKEN.test(token) ? token : null;
};

/** The feed's addresses: https (to paste into a calendar app) and webcal (which opens one to subscribe). */
export const feedUrls = (baseUrl: string, token: string): { url: string; webcal_url: string } => {
  const url = `${baseUrl.replace(/\/+$/, '')}${calendarPaths.calendarFeed.replace('{token}', token)}`;
  return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://') };
};
