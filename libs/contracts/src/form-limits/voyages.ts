/**
 * Limits of the voyages forms, stated once: the contract's zod schemas and the
 * web client's fields (maxLength, counters) both read them. Zod-free, so the
 * client can use them without loading the schema library.
 */
export {};
