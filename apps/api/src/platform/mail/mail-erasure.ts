import type { DataSource } from 'typeorm';
import type { AccountErasure } from '../contributions';

/** Shorter texts would match mails that never named the member. */
const MIN_TRACE_LENGTH = 3;

/**
 * The mail pipeline's part in erasing an account (it keeps email_messages):
 * the mails recorded to them go entirely; mails to others that named or
 * quoted them (their name, address or application messages: the erasure's
 * traces) keep only that they were sent. Run again, it changes nothing more.
 */
export const mailErasure = (dataSource: DataSource): AccountErasure => ({
  async erase({ userId, traces }) {
    const needles = traces.filter((trace) => trace.trim().length >= MIN_TRACE_LENGTH);
    await dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM email_messages WHERE recipient_id = $1', [userId]);
      if (needles.length === 0) return;
      await manager.query(
        `UPDATE email_messages SET subject = '(erased)', text_body = '(erased: the person it named was deleted)', html_body = '', recipient = recipient
          WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n(needle)
                         WHERE strpos(email_messages.text_body, n.needle) > 0 OR strpos(email_messages.subject, n.needle) > 0 OR strpos(email_messages.html_body, n.needle) > 0)`,
        [needles],
      );
    });
    return {};
  },
});
