/**
 * The full contracts (zod schemas) as a chunk of their own: public pages
 * render without the schema library and load it once something needs to
 * validate (a form submitted, an answer checked).
 */
export type Contracts = typeof import('@crew/contracts');

let contracts: Promise<Contracts> | null = null;

export const loadContracts = (): Promise<Contracts> => (contracts ??= import('@crew/contracts'));
