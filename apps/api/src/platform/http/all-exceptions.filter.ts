import { Catch, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApplicationError } from '../application-error';
import { requestLocale, sayIn, varyByLanguage } from '../i18n/messages';
import type { ErrorLog } from '../logging/error-log';
import { mapError } from './error-mapping';
import { alternatesLink, pageLocale, sendShellPage, type PageShell } from './page-shell';

const SERVER_PREFIXES = ['/api/', '/dev/', '/uploads/'];
/** A page waits this long at most for the answer it carries; a slower read leaves it to the browser. */
const PAGE_ANSWER_BUDGET_MS = 150;

/** Reads an API answer in the server as the browser would get it (200 and its JSON), or null. */
export type PageAnswerReader = (url: string, acceptLanguage: string | undefined) => Promise<string | null>;

/**
 * Nest-side errors (controllers, guards, pipes, unknown routes) get the one
 * JSON error body. An unknown GET or HEAD outside the API is a client-side route:
 * it gets the single-page app, which shows its own pages and not-found page.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    /** The single-page app's HTML, when the web app is built. */
    private readonly shell: PageShell | null = null,
    /** Where 5xx answers are kept for the System Health tab's error logs. */
    private readonly errorLog: ErrorLog | null = null,
    /** PUBLIC_URL: the base of the language alternates a public page names. */
    private readonly baseUrl: string | null = null,
    /** Reads the answer a first screen carries (PageShell.answerFor); without it, pages carry none. */
    private readonly readAnswer: PageAnswerReader | null = null,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const url = request.url.split('?')[0] ?? '/';
    if (exception instanceof NotFoundException) {
      const isServerPath = url === '/api' || SERVER_PREFIXES.some((prefix) => url.startsWith(prefix));
      // HEAD answers like GET (headers only), so link checkers and monitors see the page exists.
      if (this.shell && (request.method === 'GET' || request.method === 'HEAD') && !isServerPath) {
        const shell = this.shell;
        const locale = pageLocale(request, url);
        const alternates = this.baseUrl ? alternatesLink(this.baseUrl, url) : null;
        const readAnswer = request.method === 'GET' ? this.readAnswer : null;
        const answerUrl = readAnswer ? shell.answerFor(url) : null;
        if (!readAnswer || !answerUrl) {
          sendShellPage(request, reply, shell.pageFor(url, locale), alternates);
          return;
        }
        // Sent when the answer is read (Nest's handler returns the reply, so Fastify waits for it); any failure
        // or a slow read gives the page without it.
        void withinBudget(readAnswer(answerUrl, request.headers['accept-language']), PAGE_ANSWER_BUDGET_MS)
          .then((json) => (json === null ? shell.pageFor(url, locale) : shell.withAnswer(url, locale, answerUrl, json)))
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'page answer not read');
            return shell.pageFor(url, locale);
          })
          .then((page) => sendShellPage(request, reply, page, alternates));
        return;
      }
      const noRoute = new ApplicationError('not_found', 'NOT_FOUND', 'No route for {method} {url}', { values: { method: request.method, url } });
      void varyByLanguage(reply)
        .status(404)
        .send(mapError(noRoute, sayIn(requestLocale(request))).body);
      return;
    }
    // The error's texts are said in the request's language (Accept-Language); its code stays the same.
    const { status, body } = mapError(exception, sayIn(requestLocale(request)));
    if (status >= 500) {
      request.log.error({ err: exception }, 'request failed');
      this.errorLog?.record({
        level: 'error',
        message: `${status} ${exception instanceof Error ? exception.message : String(exception)}`,
        source: `${request.method} ${request.routeOptions.url ?? url}`,
        requestId: String(request.id),
      });
    }
    const retryAfterS = exception instanceof ApplicationError ? exception.options.retryAfterS : undefined;
    if (retryAfterS !== undefined) void reply.header('retry-after', String(retryAfterS));
    void varyByLanguage(reply).status(status).send(body);
  }
}

/** The value, or null once `ms` have passed without it. */
const withinBudget = <T>(value: Promise<T>, ms: number): Promise<T | null> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(null), ms);
    value.then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
