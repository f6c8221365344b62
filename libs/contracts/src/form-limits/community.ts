/**
 * Limits of the community forms, stated once: the contract's zod schemas and the
 * web client's fields (maxLength, counters) both read them. Zod-free, so the
 * client can use them without loading the schema library.
 */
// The trust routes are named here too (zod-free, through `@crew/contracts/constants`), so a first-visit page can reach them without the schema library.
export { trustPaths } from '../trust-constants';
