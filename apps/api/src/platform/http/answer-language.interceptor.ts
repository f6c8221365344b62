import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { requestLocale, translate, varyByLanguage } from '../i18n/messages';

/** An object a handler returns as it is (JSON), not a class instance, a list, a buffer or a stream. */
const isPlainObject = (value: unknown): value is Readonly<Record<string, unknown>> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * An answer's `message` in the request's language: a handler's JSON object
 * with a string `message` ("Template saved", "If an account exists with this
 * email, …") has it said in the language Accept-Language names best among
 * ours, from the shared catalogue (keyed by the English words, a text with
 * values by the template sharedText made it from), and the answer varies by
 * Accept-Language. English, and a text the catalogue does not know, stay as
 * written. A record (an object with an `id`: an application, a reply) carries
 * what a member wrote in its `message`, and is left as it is; so are lists,
 * streams, files and answers a handler sent itself.
 */
export const sayAnswer = (body: unknown, request: FastifyRequest, reply: FastifyReply): unknown => {
  if (!isPlainObject(body) || typeof body['message'] !== 'string' || 'id' in body || reply.sent) return body;
  void varyByLanguage(reply);
  const message = translate(requestLocale(request), body['message']);
  return message === body['message'] ? body : { ...body, message };
};

/** Says every HTTP answer's `message` in the request's language (sayAnswer). */
export class AnswerLanguageInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    return next.handle().pipe(map((body: unknown) => sayAnswer(body, request, reply)));
  }
}
