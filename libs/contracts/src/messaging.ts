import { z } from 'zod';
import type { RouteContract } from './routes';
import { idempotencyKeyHeader, idempotentReplayedHeader } from './idempotency';
import { MESSAGE_LIMITS, messagingPaths } from './messaging-constants';
import { safeText } from './text';
import { sharedText } from '@crew/rules';

const uuid = (message: string) => z.uuid(message);

export const messageBodySchema = safeText()
  .trim()
  .min(MESSAGE_LIMITS.bodyMin, 'Write a message first')
  .max(MESSAGE_LIMITS.bodyMax, sharedText('A message can be at most {max} characters', { max: MESSAGE_LIMITS.bodyMax }));

export const startConversationRequestSchema = z
  .object({
    voyage_id: uuid('Voyage not found'),
    /** The other person; the voyage's skipper when absent. */
    user_id: uuid('User not found').optional(),
    message: messageBodySchema,
  })
  .meta({ id: 'StartConversationRequest' });
export type StartConversationRequest = z.infer<typeof startConversationRequestSchema>;

export const sendMessageRequestSchema = z.object({ body: messageBodySchema }).meta({ id: 'SendMessageRequest' });
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const reportMessageRequestSchema = z
  .object({
    reason: safeText()
      .trim()
      .min(MESSAGE_LIMITS.reasonMin, sharedText('Say in a few words what is wrong (at least {min} characters)', { min: MESSAGE_LIMITS.reasonMin }))
      .max(MESSAGE_LIMITS.reasonMax, sharedText('At most {max} characters', { max: MESSAGE_LIMITS.reasonMax })),
  })
  .meta({ id: 'ReportMessageRequest' });
export type ReportMessageRequest = z.infer<typeof reportMessageRequestSchema>;

const pageSize = (fallback: number, max: number) => z.coerce.number().int('Use a whole number').min(1).max(max).default(fallback);

export const conversationListQuerySchema = z
  .object({
    limit: pageSize(MESSAGE_LIMITS.listDefault, MESSAGE_LIMITS.listMax).optional(),
    /** The `next_cursor` of the page before. */
    cursor: z
      .string()
      .regex(/^\d{1,16}\.[0-9a-f-]{36}$/, 'Not a cursor of this list')
      .optional(),
  })
  .meta({ id: 'ConversationListQuery' });
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

export const messagePageQuerySchema = z
  .object({
    limit: pageSize(MESSAGE_LIMITS.pageDefault, MESSAGE_LIMITS.pageMax).optional(),
    /** Messages older than this message (its id): the page before the one shown. */
    before: uuid('Message not found').optional(),
  })
  .meta({ id: 'MessagePageQuery' });
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

export const streamQuerySchema = z.object({ ticket: z.string().min(1, 'A stream ticket is required').max(300, 'Not a stream ticket') }).meta({ id: 'MessageStreamQuery' });

export const conversationPersonSchema = z
  .object({
    id: z.string(),
    /** First and last name, read from the account when asked (never copied). */
    name: z.string(),
    photo_url: z.string().nullable(),
  })
  .meta({ id: 'ConversationPerson' });

export const conversationVoyageSchema = z
  .object({
    id: z.string(),
    /** Null when the voyage has since been deleted. */
    title: z.string().nullable(),
    status: z.string().nullable(),
    start_date: z.string().nullable(),
    departure_port: z.string().nullable(),
    arrival_port: z.string().nullable(),
    /** The other person is the voyage's skipper. */
    other_is_skipper: z.boolean(),
  })
  .meta({ id: 'ConversationVoyage' });

export const messageSchema = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    sender_id: z.string(),
    body: z.string(),
    sent_at: z.string(),
    /** For a message the viewer sent: when the other person read it (read receipt). For one they received: when they read it. */
    read_at: z.string().nullable(),
    mine: z.boolean(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z
  .object({
    id: z.string(),
    other: conversationPersonSchema,
    voyage: conversationVoyageSchema,
    last_message: z.object({ id: z.string(), sender_id: z.string(), preview: z.string(), sent_at: z.string(), mine: z.boolean() }).nullable(),
    /** Time of the last message (or of the start). */
    updated_at: z.string(),
    unread_count: z.number().int(),
    /** False when either side has blocked the other; the reason is shown only to the one who blocked. */
    can_reply: z.boolean(),
    blocked_by_me: z.boolean(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListResponseSchema = z
  .object({
    conversations: z.array(conversationSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
    unread_total: z.number().int(),
  })
  .meta({ id: 'ConversationList' });
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

export const startConversationResponseSchema = z.object({ conversation: conversationSchema, message: messageSchema, created: z.boolean() }).meta({ id: 'StartedConversation' });
export type StartConversationResponse = z.infer<typeof startConversationResponseSchema>;

export const messagePageResponseSchema = z
  .object({
    conversation: conversationSchema,
    /** Oldest first, newest last. */
    messages: z.array(messageSchema),
    /** Pass as `before` for the older page; null when there is none. */
    older_cursor: z.string().nullable(),
  })
  .meta({ id: 'MessagePage' });
export type MessagePageResponse = z.infer<typeof messagePageResponseSchema>;

export const sentMessageResponseSchema = z.object({ message: messageSchema }).meta({ id: 'SentMessage' });
export type SentMessageResponse = z.infer<typeof sentMessageResponseSchema>;

export const readResponseSchema = z.object({ conversation_id: z.string(), read_at: z.string().nullable(), unread_total: z.number().int() }).meta({ id: 'ConversationRead' });
export type ReadResponse = z.infer<typeof readResponseSchema>;

export const unreadCountResponseSchema = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const blockResponseSchema = z.object({ user_id: z.string(), blocked: z.boolean() }).meta({ id: 'BlockState' });
export type BlockResponse = z.infer<typeof blockResponseSchema>;

export const reportResponseSchema = z.object({ report_id: z.string(), message: z.string() }).meta({ id: 'MessageReported' });
export type ReportResponse = z.infer<typeof reportResponseSchema>;

export const streamTicketResponseSchema = z.object({ ticket: z.string(), expires_at: z.string(), stream_url: z.string() }).meta({ id: 'MessageStreamTicket' });
export type StreamTicketResponse = z.infer<typeof streamTicketResponseSchema>;

/** Server-sent events of `GET /api/messages/stream` (the `data:` line of each, as JSON). */
export type LiveMessageEvent =
  | { type: 'ready'; unread_total: number }
  | { type: 'message'; message: Message; unread_total: number }
  | { type: 'read'; conversation_id: string; reader_id: string; read_at: string; last_read_message_id: string | null; unread_total: number }
  | { type: 'block'; conversation_ids: string[] };

export const messagingRoutes = {
  listConversations: {
    method: 'GET',
    path: messagingPaths.conversations,
    summary: "The signed-in user's conversations, last message first, with unread counts, the other person and the voyage (paged)",
    tag: 'messaging',
    auth: 'user',
    query: conversationListQuerySchema,
    response: conversationListResponseSchema,
  },
  startConversation: {
    method: 'POST',
    path: messagingPaths.conversations,
    summary: 'Message someone about a voyage you share (the skipper by default): starts the conversation or reuses it',
    tag: 'messaging',
    auth: 'user',
    body: startConversationRequestSchema,
    response: startConversationResponseSchema,
    status: 201,
    errors: [403, 404, 422, 429],
    errorCodes: { 403: ['NO_VOYAGE_IN_COMMON', 'CANNOT_REPLY'], 422: ['CANNOT_MESSAGE_SELF'], 429: ['RATE_LIMITED'] },
  },
  listMessages: {
    method: 'GET',
    path: messagingPaths.conversationMessages,
    summary: 'Messages of a conversation, newest last (paged backwards with `before`)',
    tag: 'messaging',
    auth: 'user',
    query: messagePageQuerySchema,
    response: messagePageResponseSchema,
  },
  sendMessage: {
    method: 'POST',
    path: messagingPaths.conversationMessages,
    summary: 'Send a message in a conversation (1 to 2,000 characters; 30 a minute); with an Idempotency-Key, a repeat is stored once',
    tag: 'messaging',
    auth: 'user',
    body: sendMessageRequestSchema,
    response: sentMessageResponseSchema,
    status: 201,
    errors: [403, 409, 429],
    errorCodes: { 400: ['INVALID_IDEMPOTENCY_KEY'], 403: ['CANNOT_REPLY'], 409: ['IDEMPOTENCY_KEY_REUSED'], 429: ['RATE_LIMITED'] },
    requestHeaders: idempotencyKeyHeader('message', 'conversation or text'),
    responseHeaders: idempotentReplayedHeader('message'),
  },
  markConversationRead: {
    method: 'POST',
    path: messagingPaths.conversationRead,
    summary: 'Mark every message of a conversation as read (a read receipt for the sender)',
    tag: 'messaging',
    auth: 'user',
    response: readResponseSchema,
  },
  messageStreamTicket: {
    method: 'POST',
    path: messagingPaths.streamTicket,
    summary: `A ticket to open the message stream with (EventSource cannot send headers): valid ${MESSAGE_LIMITS.streamTicketSeconds} s, only for the stream`,
    tag: 'messaging',
    auth: 'user',
    response: streamTicketResponseSchema,
  },
  messageStream: {
    method: 'GET',
    path: messagingPaths.stream,
    summary: "Server-sent events (text/event-stream) for the ticket's user: `message`, `read` and `block` events, a comment every 25 s",
    tag: 'messaging',
    auth: 'public',
    query: streamQuerySchema,
    errors: [401],
  },
  unreadCount: {
    method: 'GET',
    path: messagingPaths.unreadCount,
    summary: 'Unread messages of the signed-in user, over every conversation',
    tag: 'messaging',
    auth: 'user',
    response: unreadCountResponseSchema,
  },
  blockUser: {
    method: 'POST',
    path: messagingPaths.block,
    summary: 'Block a user: no messages either way until unblocked',
    tag: 'messaging',
    auth: 'user',
    response: blockResponseSchema,
    errors: [422],
    errorCodes: { 422: ['CANNOT_BLOCK_SELF'] },
  },
  unblockUser: { method: 'DELETE', path: messagingPaths.block, summary: 'Unblock a user', tag: 'messaging', auth: 'user', response: blockResponseSchema },
  reportMessage: {
    method: 'POST',
    path: messagingPaths.report,
    summary: 'Report a message to the support desk (a participant of its conversation, not its sender)',
    tag: 'messaging',
    auth: 'user',
    body: reportMessageRequestSchema,
    response: reportResponseSchema,
    status: 201,
    errors: [403, 409],
    errorCodes: { 403: ['CANNOT_REPORT_OWN'], 409: ['ALREADY_REPORTED'] },
  },
} as const satisfies Record<string, RouteContract>;
