import type { DataSource } from 'typeorm';
import type { OutgoingSms, SmsSender } from './sms-sender';

/**
 * Outside production without a provider: nothing leaves the machine, the
 * message is kept for the local mailbox (/dev/mailbox lists it as an SMS).
 * It belongs to the member's account row, so erasing the account erases it.
 */
export class MailboxSmsSender implements SmsSender {
  readonly kind = 'mailbox' as const;

  constructor(private readonly dataSource: DataSource) {}

  async send(sms: OutgoingSms): Promise<void> {
    await this.dataSource.query(`INSERT INTO dev_sms_messages (user_id, recipient, body, purpose) VALUES ($1, $2, $3, $4)`, [sms.userId, sms.to, sms.body, sms.purpose]);
  }
}
