import { monetizationTerms } from '@crew/domain';
import type { DataSource } from 'typeorm';
import { loadMonetizationTerms } from '../subscriptions/subscription-access';
import type { GeneratedAnswers } from './kb-read-model';

/** The Help centre's answers about paying, from the configuration and the payment setup as they are now. */
export async function generatedAnswers(dataSource: DataSource, paymentsConfigured: boolean): Promise<GeneratedAnswers> {
  return monetizationTerms(await loadMonetizationTerms(dataSource, paymentsConfigured));
}
