import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { unreadTotal } from '../conversation-read-model';
import { MESSAGING_SERVICES, type MessagingServices } from '../messaging-services';

/** Opening a live message stream with a one-minute ticket (see stream-tickets.ts). */
export class OpenMessageStream {
  constructor(
    readonly ticket: string,
    readonly at: Date,
  ) {}
}

export interface OpenedMessageStream {
  readonly userId: string;
  readonly tokenVersion: number;
  /** Unread messages when the stream opens (its first event). */
  readonly unreadTotal: number;
}

/**
 * A ticket opens one stream, for an account whose sessions it still
 * belongs to; anything else is refused without using the ticket up.
 */
@QueryHandler(OpenMessageStream)
export class OpenMessageStreamHandler implements IQueryHandler<OpenMessageStream, OpenedMessageStream> {
  constructor(
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute({ ticket, at }: OpenMessageStream): Promise<OpenedMessageStream> {
    const claims = this.messaging.tickets.verify(ticket, at);
    const [account] = claims ? await this.dataSource.query<{ token_version: number }[]>('SELECT token_version FROM users WHERE id = $1', [claims.userId]) : [];
    // Claimed last, so a ticket refused for another reason is not used up.
    if (!claims || !account || account.token_version !== claims.tokenVersion || !(await this.messaging.usedTickets.claim(claims.nonce))) {
      throw new ApplicationError('unauthenticated', 'INVALID_STREAM_TICKET', 'This stream ticket is invalid or has expired. Ask for a new one.');
    }
    return { userId: claims.userId, tokenVersion: claims.tokenVersion, unreadTotal: await unreadTotal(this.dataSource, claims.userId) };
  }
}
