import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Extra header fields (List-Unsubscribe and the like). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The Message-ID header, `<id@domain>` (a random one when absent). */
  readonly messageId?: string;
}

export interface MailTransport {
  /** 'mailbox' keeps mail in the database for /dev/mailbox instead of sending it. */
  readonly kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  verify(): Promise<void>;
  close(): void;
}

export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(mail);
  }

  async verify(): Promise<void> {
    await this.transporter.verify();
  }

  close(): void {
    this.transporter.close();
  }
}

/** Nothing leaves the machine: the message record itself is the mailbox. */
export class LocalMailboxTransport implements MailTransport {
  readonly kind = 'mailbox' as const;
  send(): Promise<void> {
    return Promise.resolve();
  }
  verify(): Promise<void> {
    return Promise.resolve();
  }
  close(): void {
    // nothing to release: there is no connection
  }
}
