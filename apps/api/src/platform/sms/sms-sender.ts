/**
 * The port for text messages (SMS). One adapter per way a site sends them:
 * a Twilio-compatible provider (SMS_PROVIDER=twilio), or the local mailbox
 * outside production. A site with neither has no sender and offers nothing
 * that needs one (phone verification says it is not available).
 */
export interface OutgoingSms {
  /** The phone number as the member wrote it on their profile. */
  readonly to: string;
  readonly body: string;
  /** Whose phone it is: the local mailbox keeps it with the message, so erasing the account erases the message. */
  readonly userId: string;
  /** What the message is (shown in the local mailbox). */
  readonly purpose: string;
}

export interface SmsSender {
  readonly kind: 'twilio' | 'mailbox';
  /** Sends one text message; an SmsNotSentError when the provider refused it or could not be reached. */
  send(sms: OutgoingSms): Promise<void>;
}

/** The provider did not take the message. Its text names the provider's status, never the message or the number. */
export class SmsNotSentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsNotSentError';
  }
}
