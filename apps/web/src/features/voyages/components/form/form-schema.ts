import { z } from 'zod';
import type { Contracts } from '../../../../lib/contracts-loader';
import { contractErrors, validateVoyageForm, type FormErrors, type FormMode, type VoyageFormValues } from './form-state';

/**
 * The voyage form's schema for react-hook-form: the request the values make
 * is checked with the contract's own voyageRequestSchema (crew, amount,
 * skills, lengths, with its messages), and publishing adds the publishing
 * rules, which the API applies when a voyage is published. Every message lands
 * where its value is typed, a stop's dates and a leg's own distance included.
 * This module is loaded only with the voyage form (never on a public page).
 */
export const voyageFormSchema = (contracts: Contracts, rules: FormMode) =>
  z
    .custom<VoyageFormValues>(() => true)
    .superRefine((values, context) => {
      const errors: FormErrors = { ...contractErrors(contracts.voyageRequestSchema, values), ...validateVoyageForm(values, rules) };
      for (const [path, message] of Object.entries(errors)) context.addIssue({ code: 'custom', path: path.split('.'), message });
    });
