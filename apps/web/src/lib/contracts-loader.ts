import { useEffect, useState } from 'react';

/**
 * The full contracts (zod schemas) as a chunk of their own: public pages
 * render without the schema library and load it once something needs to
 * validate (a form submitted, an answer checked).
 */
export type Contracts = typeof import('@crew/contracts');

let contracts: Promise<Contracts> | null = null;
let loaded: Contracts | null = null;

export const loadContracts = (): Promise<Contracts> =>
  (contracts ??= import('@crew/contracts').then((module) => {
    loaded = module;
    return module;
  }));

/**
 * The contracts once they have arrived (null before), asked for when the
 * component mounts, after the page has drawn: forms that check their fields
 * as the user types (see use-live-errors.ts) read their rules from here.
 */
export function useContracts(): Contracts | null {
  const [value, setValue] = useState<Contracts | null>(loaded);
  useEffect(() => {
    if (value) return undefined;
    let mounted = true;
    void loadContracts().then((module) => {
      if (mounted) setValue(module);
    });
    return () => {
      mounted = false;
    };
  }, [value]);
  return value;
}
