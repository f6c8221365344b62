import { MESSAGING_SERVICES, type MessagingServices } from '../messaging-services';
import { randomUUID } from 'node:crypto';
import type { StartConversationResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { appendMessage } from '../append-message';
import { conversationFor, readMarks, toMessage } from '../conversation-read-model';
import { blockedEitherWay, cannotReply } from '../messaging-access';
import { publishAfterSend } from './send-message.command';

export class StartConversation {
  constructor(
    readonly user: { readonly id: string; readonly userType: string; readonly isAdmin: boolean },
    readonly voyageId: string,
    readonly otherId: string | undefined,
    readonly body: string,
  ) {}
}

const noVoyageInCommon = (): ApplicationError =>
  new ApplicationError('forbidden', 'NO_VOYAGE_IN_COMMON', 'You can message someone only about a voyage you share: its skipper, or someone who applied to it.');

/**
 * Starts a conversation about a voyage, or reuses the one the two already
 * have about it, with a first message. "A voyage in common": one of the two
 * skippers it and the other has applied to it (any state), or a crew member
 * writes to the skipper of a published voyage (also before applying). Never
 * to oneself, never across a block.
 */
@CommandHandler(StartConversation)
export class StartConversationHandler implements ICommandHandler<StartConversation, StartConversationResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
  ) {}

  async execute({ user, voyageId, otherId, body }: StartConversation): Promise<StartConversationResponse> {
    const [voyage] = await this.dataSource.query<{ skipper_id: string; status: string }[]>('SELECT skipper_id, status FROM voyage_summaries WHERE voyage_id = $1', [voyageId]);
    if (!voyage || (voyage.status === 'draft' && voyage.skipper_id !== user.id)) throw new ApplicationError('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
    const other = otherId ?? voyage.skipper_id;
    if (other === user.id) throw new ApplicationError('rule', 'CANNOT_MESSAGE_SELF', 'You cannot send a message to yourself.');
    const [otherUser] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE id = $1', [other]);
    if (!otherUser) throw new ApplicationError('not_found', 'USER_NOT_FOUND', 'User not found');

    const [low, high] = user.id < other ? [user.id, other] : [other, user.id];
    const [existing] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM conversations WHERE voyage_id = $1 AND user_low = $2 AND user_high = $3', [
      voyageId,
      low,
      high,
    ]);
    if (!existing) await this.mayStart(user, other, voyageId, voyage);
    if (await blockedEitherWay(this.dataSource, user.id, other)) throw cannotReply();
    await this.messaging.sendLimit.consume(user.id);

    const at = this.messaging.clock.now();
    const { conversationId, created, appended } = await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<{ id: string }[]>(
        `INSERT INTO conversations (id, voyage_id, user_low, user_high, started_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ON CONSTRAINT conversations_pair_voyage_unique DO NOTHING RETURNING id`,
        [randomUUID(), voyageId, low, high, user.id, at],
      );
      const id =
        inserted[0]?.id ??
        (await manager.query<{ id: string }[]>('SELECT id FROM conversations WHERE voyage_id = $1 AND user_low = $2 AND user_high = $3', [voyageId, low, high]))[0]!.id;
      if (inserted[0]) {
        await manager.query(
          `INSERT INTO conversation_members (conversation_id, user_id, other_user_id, last_message_at) VALUES ($1, $2, $3, $4), ($1, $3, $2, $4)
           ON CONFLICT DO NOTHING`,
          [id, user.id, other, at],
        );
      }
      const message = await appendMessage(manager, this.messaging.queue, { conversationId: id, senderId: user.id, recipientId: other, body, at });
      return { conversationId: id, created: Boolean(inserted[0]), appended: message };
    });
    await publishAfterSend(this.messaging, { conversationId, senderId: user.id, recipientId: other, appended, at });

    const conversation = await conversationFor(this.dataSource, user.id, conversationId);
    const [row] = await this.dataSource.query('SELECT id, seq::text AS seq, conversation_id, sender_id, body, created_at FROM messages WHERE id = $1', [appended.id]);
    return { conversation: conversation!, message: toMessage(row, user.id, await readMarks(this.dataSource, conversationId, user.id)), created };
  }

  private async mayStart(user: StartConversation['user'], other: string, voyageId: string, voyage: { skipper_id: string; status: string }): Promise<void> {
    const applied = (crewId: string) =>
      this.dataSource.query<unknown[]>('SELECT 1 FROM applications WHERE voyage_id = $1 AND crew_id = $2 LIMIT 1', [voyageId, crewId]).then((rows) => rows.length > 0);
    if (user.id === voyage.skipper_id) {
      if (!(await applied(other))) throw noVoyageInCommon();
      return;
    }
    if (other !== voyage.skipper_id) throw noVoyageInCommon();
    const crew = !user.isAdmin && (user.userType === 'crew' || user.userType === 'both');
    if (crew && voyage.status !== 'draft') return;
    if (!(await applied(user.id))) throw noVoyageInCommon();
  }
}
