import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule, CONTEXT_ENTITIES } from './app.module';
import { createHttpApp, type HttpAppOptions } from './http-app';
import type { AppConfig } from './platform/config/app-config';
import { createPlatform, type Platform, type PlatformLogger, type PlatformOptions } from './platform/platform';
import { ProcessRoles } from './platform/process-roles';

/**
 * A running process: the platform, the Nest application over it (with HTTP
 * when asked), and the roles it runs. The composition root of the server,
 * the CLI, the benchmarks and the tests; contexts never see it (they are
 * given what they need by injection).
 */
export interface Application extends Platform {
  /** The Nest application: HTTP (not listening yet) or a bare context. */
  readonly context: INestApplicationContext;
  readonly http: NestFastifyApplication | null;
  readonly roles: ProcessRoles;
  /** A provider of a context (a clock to move in a test, a service to call from the CLI). */
  get<T>(token: Type<T> | string | symbol): T;
  startProjectors(): void;
  startWorker(): Promise<void>;
  /** Stops the roles, closes the Nest application, then the platform. */
  close(): Promise<void>;
}

export interface ApplicationOptions extends PlatformOptions {
  /** Build the HTTP application (with these options), or only an application context. */
  readonly http?: HttpAppOptions | false;
}

export const startApplication = async (config: AppConfig, databaseUrl: string, logger: PlatformLogger, options: ApplicationOptions = {}): Promise<Application> => {
  const platform = await createPlatform(config, databaseUrl, logger, { ...options, entities: CONTEXT_ENTITIES });
  let context: INestApplicationContext;
  let http: NestFastifyApplication | null = null;
  try {
    if (options.http) {
      const app = await createHttpApp(platform, options.http);
      // Closing the HTTP app and then the application (as a caller holding both may) closes the modules once.
      const closeApp = app.close.bind(app);
      let appClosed: Promise<void> | null = null;
      app.close = () => (appClosed ??= closeApp());
      await app.init();
      http = app;
      context = app;
    } else {
      context = await NestFactory.createApplicationContext(AppModule.forPlatform(platform), { logger: ['error', 'warn'] });
    }
  } catch (error) {
    await platform.close().catch(() => undefined);
    throw error;
  }
  const roles = context.get(ProcessRoles);
  let closed: Promise<void> | null = null;
  return {
    ...platform,
    context,
    http,
    roles,
    get: <T>(token: Type<T> | string | symbol): T => context.get<T>(token, { strict: false }),
    startProjectors: () => roles.startProjectors(),
    startWorker: () => roles.startWorker(),
    close: () =>
      (closed ??= (async () => {
        await roles.stop();
        await context.close();
        await platform.close();
      })()),
  };
};
