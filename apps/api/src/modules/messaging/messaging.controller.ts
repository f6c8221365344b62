import { MESSAGING_SERVICES, type MessagingServices } from './messaging-services';
import {
  conversationListQuerySchema,
  messagePageQuerySchema,
  messagingPaths,
  reportMessageRequestSchema,
  sendMessageRequestSchema,
  startConversationRequestSchema,
  streamQuerySchema,
  type BlockResponse,
  type ConversationListQuery,
  type ConversationListResponse,
  type LiveMessageEvent,
  type MessagePageQuery,
  type MessagePageResponse,
  type ReadResponse,
  type ReportMessageRequest,
  type ReportResponse,
  type SendMessageRequest,
  type SentMessageResponse,
  type StartConversationRequest,
  type StartConversationResponse,
  type StreamTicketResponse,
  type UnreadCountResponse,
} from '@crew/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Query, Req, Res, type BeforeApplicationShutdown } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf } from '../../platform/http/idempotency-key';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { User } from '../accounts/user.entity';
import { SetUserBlocked } from './commands/block-user.command';
import { MarkConversationRead } from './commands/mark-conversation-read.command';
import { ReportMessage } from './commands/report-message.command';
import { SendMessage, type SentMessage } from './commands/send-message.command';
import { StartConversation } from './commands/start-conversation.command';
import { GetMessages } from './queries/get-messages.query';
import { GetUnreadCount } from './queries/get-unread-count.query';
import { ListConversations } from './queries/list-conversations.query';
import { IsSessionCurrent } from './queries/is-session-current.query';
import { OpenMessageStream, type OpenedMessageStream } from './queries/open-message-stream.query';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** Conversations, messages, blocks, reports and the live stream (HTTP only: each route is one command or query). */
@Controller('api')
export class MessagingController implements BeforeApplicationShutdown {
  /** Streams this app serves: ended before the server closes, which would otherwise wait for them. */
  private readonly open = new Set<() => void>();

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
  ) {}

  @Get('conversations')
  @Authenticated()
  list(@Query(new ZodValidationPipe(conversationListQuerySchema)) query: ConversationListQuery, @CurrentUser() user: User): Promise<ConversationListResponse> {
    return this.queries.execute(new ListConversations(user.id, query.limit, query.cursor));
  }

  @Post('conversations')
  @Authenticated()
  start(@Body(new ZodValidationPipe(startConversationRequestSchema)) body: StartConversationRequest, @CurrentUser() user: User): Promise<StartConversationResponse> {
    return this.commands.execute(new StartConversation({ id: user.id, userType: user.userType, isAdmin: user.isAdmin }, body.voyage_id, body.user_id, body.message));
  }

  @Get('conversations/:id/messages')
  @Authenticated()
  messages(@Param('id') id: string, @Query(new ZodValidationPipe(messagePageQuerySchema)) query: MessagePageQuery, @CurrentUser() user: User): Promise<MessagePageResponse> {
    return this.queries.execute(new GetMessages(user.id, id, query.limit, query.before));
  }

  @Post('conversations/:id/messages')
  @Authenticated()
  async send(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(sendMessageRequestSchema)) body: SendMessageRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) keyHeader: string | string[] | undefined,
    @CurrentUser() user: User,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SentMessageResponse> {
    const sent = await this.commands.execute<SendMessage, SentMessage>(new SendMessage(user.id, id, body.body, idempotencyKeyOf(keyHeader)));
    if (sent.replayed) void reply.header('idempotent-replayed', 'true');
    return sent.response;
  }

  @Post('conversations/:id/read')
  @HttpCode(200)
  @Authenticated()
  read(@Param('id') id: string, @CurrentUser() user: User): Promise<ReadResponse> {
    return this.commands.execute(new MarkConversationRead(user.id, id));
  }

  @Get('messages/unread-count')
  @Authenticated()
  unread(@CurrentUser() user: User): Promise<UnreadCountResponse> {
    return this.queries.execute(new GetUnreadCount(user.id));
  }

  @Post('messages/stream-ticket')
  @HttpCode(200)
  @Authenticated()
  ticket(@CurrentUser() user: User): StreamTicketResponse {
    const { ticket, expiresAt } = this.messaging.tickets.issue(user.id, user.tokenVersion, new Date());
    return { ticket, expires_at: expiresAt.toISOString(), stream_url: `${messagingPaths.stream}?ticket=${encodeURIComponent(ticket)}` };
  }

  /**
   * The signed-in user's server-sent events. `EventSource` cannot send an
   * Authorization header, so the stream is opened with a one-minute ticket
   * from POST /api/messages/stream-ticket (see stream-tickets.ts).
   */
  @Get('messages/stream')
  async stream(@Query(new ZodValidationPipe(streamQuerySchema)) query: { ticket: string }, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { userId, tokenVersion, unreadTotal: total } = await this.queries.execute<OpenMessageStream, OpenedMessageStream>(new OpenMessageStream(query.ticket, new Date()));
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // A write after the end (an event racing the close) would emit `error`; nothing is written then, and errors are listened for.
    const send = (text: string): void => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(text);
    };
    const write = (event: LiveMessageEvent): void => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    send('retry: 3000\n\n');
    write({ type: 'ready', unread_total: total });
    const end = (): void => void raw.end();
    const remove = this.messaging.hub.add(userId, { send: write, end });
    const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
    request.raw.socket.setTimeout(0);
    this.open.add(end);
    const close = (): void => {
      clearInterval(heartbeat);
      this.open.delete(end);
      remove();
    };
    raw.on('close', close);
    raw.on('error', close);
    request.raw.on('close', close);
    request.raw.on('error', close);
    // Deleted or signed out everywhere while this stream was opening: the signal that ends it may have come before it was added.
    if (!(await this.queries.execute<IsSessionCurrent, boolean>(new IsSessionCurrent(userId, tokenVersion)))) {
      close();
      end();
    }
  }

  beforeApplicationShutdown(): void {
    for (const end of [...this.open]) end();
  }

  @Post('users/:id/block')
  @HttpCode(200)
  @Authenticated()
  block(@Param('id') id: string, @CurrentUser() user: User): Promise<BlockResponse> {
    return this.commands.execute(new SetUserBlocked(user.id, id, true));
  }

  @Delete('users/:id/block')
  @Authenticated()
  unblock(@Param('id') id: string, @CurrentUser() user: User): Promise<BlockResponse> {
    return this.commands.execute(new SetUserBlocked(user.id, id, false));
  }

  @Post('messages/:id/report')
  @Authenticated()
  report(@Param('id') id: string, @Body(new ZodValidationPipe(reportMessageRequestSchema)) body: ReportMessageRequest, @CurrentUser() user: User): Promise<ReportResponse> {
    return this.commands.execute(new ReportMessage(user.id, id, body.reason));
  }
}
