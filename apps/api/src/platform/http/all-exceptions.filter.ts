import { Catch, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApplicationError } from '../application-error';
import { requestLocale, sayIn, varyByLanguage } from '../i18n/messages';
import type { ErrorLog } from '../logging/error-log';
import { mapError } from './error-mapping';
import { alternatesLink, pageLocale, sendShellPage, type PageShell } from './page-shell';

const SERVER_PREFIXES = ['/api/', '/dev/', '/uploads/'];

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
        sendShellPage(request, reply, this.shell.pageFor(url, pageLocale(request, url)), this.baseUrl ? alternatesLink(this.baseUrl, url) : null);
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
