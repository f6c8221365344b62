import { get, useForm, type FieldErrors, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { loadContracts, useContracts, type Contracts } from '../contracts-loader';
import { serverFieldErrors, sharedMessage } from '../form-errors';

/** A zod schema whose input and output are objects (what a form holds). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ContractForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * The one way the client writes a form: react-hook-form with the zod resolver
 * on the contract's own schema, so a limit or message is stated once, in
 * libs/contracts, and the form says what the API would. Messages appear after
 * the first submit and then follow the values: each clears as its field is
 * fixed and a new one shows as soon as a field breaks (mode onSubmit,
 * revalidating on change).
 *
 * The schema is picked from the contracts chunk, which loads on the first
 * submit at the latest: a public page paints without the schema library
 * (see contracts-loader.ts). A form may extend the contract's schema with a
 * rule only the form knows (a repeated password), never restate one.
 */
export function useContractForm<S extends FormSchema>(
  pick: (contracts: Contracts) => S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'mode' | 'reValidateMode'> = {},
): ContractForm<S> {
  // Fetch the rules at the user's first touch, key or focus, so the first submit does not wait for them.
  useContracts();
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, resolverOptions) => {
    // The resolver comes with the schema library, in the contracts' chunk, not in the page's.
    const [contracts, { zodResolver }] = await Promise.all([loadContracts(), import('@hookform/resolvers/zod')]);
    const schema = pick(contracts);
    return (zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>)(values, context, resolverOptions);
  };
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onSubmit', reValidateMode: 'onChange', resolver, ...options });
}

/** The message of a field (a dotted path for nested fields and list items), if it has one, in the page's language. */
export function messageAt(errors: FieldErrors, name: string): string | undefined {
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' && error.message ? sharedMessage(error.message) : undefined;
}

/**
 * A field's message: what the form finds wrong now, else what the server
 * refused at the last submit. The server's refusal stays until the next
 * submit (the mutation is reset then), as the form never guesses it away.
 */
export function fieldMessage(errors: FieldErrors, name: string, serverError: unknown): string | undefined {
  return messageAt(errors, name) ?? serverFieldErrors(serverError)[name];
}

/** The accessibility attributes of a control whose message (if any) is shown in the element `${id}-error`. */
export function describedBy(id: string, message: string | undefined, hintId?: string) {
  const ids = [message ? `${id}-error` : null, hintId ?? null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': message ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/**
 * Puts the server's refusals (a common password, an address already taken)
 * under the fields they name, where they stay until the field changes or the
 * form is sent again.
 */
export function showServerRefusals<S extends FormSchema>(form: ContractForm<S>, error: unknown): void {
  for (const [name, refusal] of Object.entries(serverFieldErrors(error))) form.setError(name as Parameters<ContractForm<S>['setError']>[0], { type: 'server', message: refusal });
}
