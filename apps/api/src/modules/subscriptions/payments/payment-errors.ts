import { ApplicationError } from '../../../platform/application-error';
import { InvalidPaymentEventError, type PaymentGateway } from './payment-gateway';

export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Card payments are not configured on this server';

/** The gateway, or 503 PAYMENTS_NOT_CONFIGURED when this server has no provider keys. */
export const requirePayments = (gateway: PaymentGateway | null): PaymentGateway => {
  if (!gateway) throw new ApplicationError('unavailable', 'PAYMENTS_NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED_MESSAGE);
  return gateway;
};

/** The provider could not be reached or refused the call: nothing was recorded, the member (or the provider's retry) can try again. */
export const providerUnavailable = (): ApplicationError =>
  new ApplicationError('unavailable', 'PAYMENTS_UNAVAILABLE', 'The payment provider could not be reached. Nothing was charged; please try again in a moment.');

/** Runs a call to the provider; its failures become 503 PAYMENTS_UNAVAILABLE, our own errors pass through. */
export const atProvider = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApplicationError || error instanceof InvalidPaymentEventError) throw error;
    // Kept as the cause: the 503 is logged with what the provider said.
    throw Object.assign(providerUnavailable(), { cause: error });
  }
};
