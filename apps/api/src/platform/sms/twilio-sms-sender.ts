import { SmsNotSentError, type OutgoingSms, type SmsSender } from './sms-sender';

export interface TwilioSettings {
  readonly accountSid: string;
  readonly authToken: string;
  /** The sender: a phone number or a messaging service the account owns. */
  readonly from: string;
  /** https://api.twilio.com, or a local stand-in in tests (TWILIO_API_BASE). */
  readonly apiBase: string;
}

/** Gives up on a provider that does not answer within this long. */
const TIMEOUT_MS = 10_000;

/**
 * Sends through Twilio's Messages API (or one that speaks it): a form-encoded
 * POST to /2010-04-01/Accounts/{sid}/Messages.json with basic authentication.
 */
export class TwilioSmsSender implements SmsSender {
  readonly kind = 'twilio' as const;

  constructor(
    private readonly settings: TwilioSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(sms: OutgoingSms): Promise<void> {
    const { accountSid, authToken, from, apiBase } = this.settings;
    const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: sms.to, From: from, Body: sms.body }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsNotSentError(`SMS provider not reached: ${error instanceof Error ? error.name : 'error'}`);
    }
    if (!response.ok) {
      // The provider's own error code only: its message may quote the number.
      const code = await response
        .json()
        .then((body: unknown) => (typeof body === 'object' && body !== null && 'code' in body ? String((body as { code: unknown }).code) : ''))
        .catch(() => '');
      throw new SmsNotSentError(`SMS provider answered ${response.status}${code ? ` (code ${code})` : ''}`);
    }
  }
}
