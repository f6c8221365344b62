import { z } from 'zod';

/**
 * Schemas parse without generated code: zod would otherwise try `new Function`,
 * which the web client's Content-Security-Policy (no 'unsafe-eval') refuses and
 * reports. Imported first by the index, before any schema is built.
 */
z.config({ jitless: true });
