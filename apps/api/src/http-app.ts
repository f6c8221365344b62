import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LogController } from 'fastify';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import { subscriptionPaths } from '@crew/contracts';
import { AppModule } from './app.module';
import { UPLOADS_PREFIX } from './platform/uploads/photo-store';
import { acceptMultipart } from './platform/uploads/read-photo';
import { AllExceptionsFilter, type PageAnswerReader } from './platform/http/all-exceptions.filter';
import { AnswerLanguageInterceptor } from './platform/http/answer-language.interceptor';
import { PageShell } from './platform/http/page-shell';
import { registerCompression } from './platform/http/compression';
import { deferredChildLogger, redactUrl, requestIdGenerator } from './platform/http/request-logger';
import { buildOpenApiDocument } from './platform/http/openapi';
import { keepRawBody } from './platform/http/raw-body';
import { installSecurityHeaders } from './platform/http/security-headers';
import { installTextGuard } from './platform/http/text-guard';
import type { Platform } from './platform/platform';

/** JSON bodies above this are refused with 413 (uploads use multipart with their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;

const webDistCandidates = [path.resolve(process.cwd(), 'apps/web/dist'), path.resolve(__dirname, '../../../../apps/web/dist'), path.resolve(__dirname, '../../../apps/web/dist')];

/** The API docs page: no inline script (the Content-Security-Policy allows none); it starts from docs.js. */
const DOCS_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Crew Finder API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script></body></html>`;
const DOCS_JS = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui' });\n`;

export interface HttpAppOptions {
  readonly logger?: boolean;
  readonly webDist?: string;
  /** Where the access and error log goes (standard output by default). */
  readonly logStream?: NodeJS.WritableStream;
}

/** Builds the HTTP application (not listening yet) on top of the platform. */
export const createHttpApp = async (platform: Platform, options: HttpAppOptions = {}): Promise<NestFastifyApplication> => {
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT,
    // The API names collection paths with a trailing slash (/api/voyages/); both spellings work.
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIdGenerator(),
    childLoggerFactory: deferredChildLogger,
    logger:
      options.logger === false || platform.config.logLevel === 'silent'
        ? false
        : {
            level: platform.config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // X-Forwarded-For and -Proto are believed only from the proxies TRUST_PROXY names (by default nobody's).
    trustProxy: platform.config.trustProxy,
    // One access-log line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forPlatform(platform), adapter, {
    logger: options.logger === false ? false : ['error', 'warn'],
    bufferLogs: false,
  });
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();

  // First, so that every response below (API, docs, uploads, pages, errors) carries them and its request id.
  installSecurityHeaders(fastify);
  installTextGuard(fastify);
  // The access log is at info level: below it, no hook runs at all (not even one that logs nothing).
  const accessLog = options.logger !== false && ['trace', 'debug', 'info'].includes(platform.config.logLevel);
  if (accessLog) {
    fastify.addHook('onResponse', (request, reply, done) => {
      request.log.info({ method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
      done();
    });
  }

  // Before any route exists: the plugin attaches itself to each route as it is added.
  await registerCompression(fastify);
  // The payment provider signs the exact bytes it sends.
  keepRawBody(fastify, [subscriptionPaths.webhook], JSON_BODY_LIMIT);

  const openApi = buildOpenApiDocument(process.env['npm_package_version'] ?? '0.1.0');
  fastify.get('/api/openapi.json', async () => openApi);
  fastify.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_HTML));
  fastify.get('/api/docs/docs.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(DOCS_JS));
  await fastify.register(fastifyStatic, { root: getAbsoluteFSPath(), prefix: '/api/docs/assets/', decorateReply: false });

  acceptMultipart(fastify);
  // Uploaded photos: content-addressed names that never change.
  await fastify.register(fastifyStatic, {
    root: platform.photos.directory,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=31536000, immutable'),
  });

  const webDist = options.webDist ?? webDistCandidates.find((candidate) => existsSync(path.join(candidate, 'index.html')));
  // A voyage's page carries the guest's answer, read through the API itself so it is the very answer the browser would get.
  const readAnswer: PageAnswerReader = async (url, acceptLanguage) => {
    const response = await fastify.inject({ method: 'GET', url, headers: { accept: 'application/json', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) } });
    return response.statusCode === 200 ? response.body : null;
  };
  app.useGlobalFilters(new AllExceptionsFilter(webDist ? PageShell.load(webDist) : null, platform.errorLog, platform.baseUrl, readAnswer));
  // An answer's `message` in the request's language, as the filter says errors.
  app.useGlobalInterceptors(new AnswerLanguageInterceptor());
  if (webDist) {
    await fastify.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      // "/" is a page like the others: the filter serves it with its screen's preloads.
      index: false,
      // build.mjs writes .br and .gz beside each asset; served by Accept-Encoding.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (reply, filePath) => {
        void reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
};
