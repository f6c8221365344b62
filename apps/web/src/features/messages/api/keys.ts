/** Query keys of messaging, owned here so mutations and live events update the same entries. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => ['messages', 'conversations'] as const,
  thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
  threads: () => ['messages', 'thread'] as const,
  unread: () => ['messages', 'unread'] as const,
};
