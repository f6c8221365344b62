/**
 * The id a message has in compiled code. The catalogues are written by Lingui's
 * CLI 5, whose generated ids are the first six characters of a base64 SHA-256;
 * the swc plugin that compiles the macros writes the same hash in base64url.
 * Explicit ids (the shared texts' English words, or any id written in the code)
 * stay as written: a key that is the message itself, or not six characters
 * long, is not a generated one.
 */
export const compiledId = (key: string, message: string | undefined): string => (key.length === 6 && key !== message ? key.replace(/\+/g, '-').replace(/\//g, '_') : key);
