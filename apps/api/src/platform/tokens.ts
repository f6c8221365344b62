/** Dependency-injection tokens for the platform services built outside Nest (see runtime.ts). */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const DATA_SOURCE = Symbol('DATA_SOURCE');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const AGGREGATE_REPOSITORY = Symbol('AGGREGATE_REPOSITORY');
export const PROJECTION_PROGRESS = Symbol('PROJECTION_PROGRESS');
export const TOKEN_SERVICE = Symbol('TOKEN_SERVICE');
export const RUNTIME = Symbol('RUNTIME');
/** The card payment provider (PaymentGateway), or null when its keys are not set. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
