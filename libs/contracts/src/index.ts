// Before any schema is built (see zod-config.ts).
import './zod-config';
export * from './errors';
export * from './auth';
export * from './health';
export * from './platform-config';
export * from './admin-config';
export * from './routes';
export * from './stats';
export * from './paths';
export * from './profile';
export * from './boats';
export * from './constants';
export * from './voyages';
export * from './geo';
export * from './voyage-skills';
export * from './applications';
export * from './text';
