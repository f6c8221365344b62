/**
 * Messaging's paths and limits without any schema code, so the web client's
 * header (the unread badge) can name them without loading zod. Reached from
 * `@crew/contracts/constants`.
 */
export const messagingPaths = {
  conversations: '/api/conversations',
  conversationMessages: '/api/conversations/{id}/messages',
  conversationRead: '/api/conversations/{id}/read',
  streamTicket: '/api/messages/stream-ticket',
  stream: '/api/messages/stream',
  unreadCount: '/api/messages/unread-count',
  block: '/api/users/{id}/block',
  report: '/api/messages/{id}/report',
} as const;

/** Limits of messaging, read by the API and the web forms alike. */
export const MESSAGE_LIMITS = {
  /** Characters of a message body, after trimming. */
  bodyMin: 1,
  bodyMax: 2_000,
  reasonMin: 3,
  reasonMax: 1_000,
  /** Messages one user may send per minute (429 beyond). */
  sendsPerMinute: 30,
  /** Messages in a page of a thread, and its upper bound. */
  pageDefault: 50,
  pageMax: 200,
  /** Conversations in a page of the list, and its upper bound. */
  listDefault: 50,
  listMax: 100,
  /** Characters of the last message shown in the conversation list. */
  previewChars: 140,
  /** Seconds a stream ticket may be used to open the stream. */
  streamTicketSeconds: 60,
  /** Minutes a message stays unread before its recipient is emailed; at most one notice per conversation per hour. */
  unreadNoticeMinutes: 15,
  noticeIntervalMinutes: 60,
} as const;
