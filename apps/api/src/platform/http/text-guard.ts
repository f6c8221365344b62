import { isCleanText } from '@crew/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale, sayIn, varyByLanguage } from '../i18n/messages';
import { ApiError } from './api-error';
import { mapError } from './error-mapping';
import { rawBodyOf } from './raw-body';

/** Deeper JSON than any form sends; refused before anything walks it recursively. */
export const MAX_JSON_DEPTH = 32;

/** Tab, line feed and carriage return are text in a body; in a path or a query string they are not. */
const LINE_CONTROLS = /[\t\n\r]/;

type Finding = 'clean' | 'bad_text' | 'too_deep';

/** Walks a parsed JSON body without recursion (a hostile body may nest thousands deep). */
export function inspectJson(root: unknown): Finding {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (!isCleanText(value)) return 'bad_text';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return 'too_deep';
      if (Array.isArray(value)) {
        for (const item of value) stack.push({ value: item, depth: depth + 1 });
      } else {
        for (const [key, item] of Object.entries(value)) {
          if (!isCleanText(key)) return 'bad_text';
          stack.push({ value: item, depth: depth + 1 });
        }
      }
    }
  }
  return 'clean';
}

const isCleanLine = (value: string): boolean => isCleanText(value) && !LINE_CONTROLS.test(value);

function cleanQuery(query: unknown): boolean {
  if (typeof query !== 'object' || query === null) return true;
  return Object.entries(query).every(([key, value]) => isCleanLine(key) && (Array.isArray(value) ? value : [value]).every((item) => typeof item !== 'string' || isCleanLine(item)));
}

/** Answers the refusal with the one error body, its text in the request's language. */
const refuse = (request: FastifyRequest, reply: FastifyReply, refusal: ApiError): FastifyReply =>
  varyByLanguage(reply)
    .status(refusal.status)
    .send(mapError(refusal, sayIn(requestLocale(request))).body);

/**
 * Where text enters the API: every JSON body, query string and path parameter
 * is checked once, before any route runs, so no later feature can forget it.
 * Control characters (other than tab and line breaks in bodies) and unpaired
 * UTF-16 surrogates are refused with 400 INVALID_TEXT; a path naming such a
 * thing names nothing and is answered 404. The contracts' `safeText` checks
 * the same again field by field.
 */
export function installTextGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    if (Object.values(params).some((value) => typeof value === 'string' && !isCleanLine(value))) {
      return void refuse(request, reply, new ApiError(404, 'NOT_FOUND', 'Not found'));
    }
    if (!cleanQuery(request.query)) {
      return void refuse(request, reply, new ApiError(400, 'INVALID_TEXT', 'The query string contains characters that are not allowed (control characters or broken Unicode)'));
    }
    // A signed body (a payment webhook) is checked by its signature and read field by field, not refused for its text.
    const finding = request.body === undefined || rawBodyOf(request) !== undefined ? 'clean' : inspectJson(request.body);
    if (finding === 'bad_text') {
      return void refuse(request, reply, new ApiError(400, 'INVALID_TEXT', 'The request contains characters that are not allowed (control characters or broken Unicode)'));
    }
    if (finding === 'too_deep') return void refuse(request, reply, new ApiError(400, 'BODY_TOO_DEEP', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`));
    done();
  });
}
