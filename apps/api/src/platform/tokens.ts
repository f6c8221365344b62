/** Dependency-injection tokens of the platform's services (built outside Nest, see platform.ts, and provided by PlatformModule). */
export const PLATFORM = Symbol('PLATFORM');
export const APP_CONFIG = Symbol('APP_CONFIG');
export const DATA_SOURCE = Symbol('DATA_SOURCE');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const AGGREGATE_REPOSITORY = Symbol('AGGREGATE_REPOSITORY');
export const PROJECTION_PROGRESS = Symbol('PROJECTION_PROGRESS');
export const TOKEN_SERVICE = Symbol('TOKEN_SERVICE');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const PHOTO_STORE = Symbol('PHOTO_STORE');
export const ERROR_LOG = Symbol('ERROR_LOG');
export const TEMPLATE_STORE = Symbol('TEMPLATE_STORE');
export const MAIL_LINKS = Symbol('MAIL_LINKS');
export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
/** The SmsSender, or null where the site sends no text messages. */
export const SMS_SENDER = Symbol('SMS_SENDER');
