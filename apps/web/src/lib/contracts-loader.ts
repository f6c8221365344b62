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

/** What shows the user is about to fill in a form. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The contracts once they have arrived (null before), asked for at the user's
 * first touch, key or focus on the page (or at once when something else has
 * asked already): a form's rules are there by the time it is submitted
 * (see forms/use-contract-form.ts), and a page that is only looked at never
 * fetches the schema library.
 */
export function useContracts(): Contracts | null {
  const [value, setValue] = useState<Contracts | null>(loaded);
  useEffect(() => {
    if (value) return undefined;
    let mounted = true;
    const load = () => {
      stopListening();
      void loadContracts().then((module) => {
        if (mounted) setValue(module);
      });
    };
    const stopListening = () => INTERACTIONS.forEach((type) => document.removeEventListener(type, load, true));
    if (contracts) load();
    else INTERACTIONS.forEach((type) => document.addEventListener(type, load, { capture: true, passive: true }));
    return () => {
      mounted = false;
      stopListening();
    };
  }, [value]);
  return value;
}
