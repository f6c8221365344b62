import { IsSessionCurrentHandler } from './queries/is-session-current.query';
import { OpenMessageStreamHandler } from './queries/open-message-stream.query';
import { SetUserBlockedHandler } from './commands/block-user.command';
import { MarkConversationReadHandler } from './commands/mark-conversation-read.command';
import { ReportMessageHandler } from './commands/report-message.command';
import { SendMessageHandler } from './commands/send-message.command';
import { StartConversationHandler } from './commands/start-conversation.command';
import { GetMessagesHandler } from './queries/get-messages.query';
import { GetUnreadCountHandler } from './queries/get-unread-count.query';
import { ListConversationsHandler } from './queries/list-conversations.query';

/** Every command and query handler of messaging, for the application module. */
export const messagingHandlers = [
  OpenMessageStreamHandler,
  IsSessionCurrentHandler,
  StartConversationHandler,
  SendMessageHandler,
  MarkConversationReadHandler,
  SetUserBlockedHandler,
  ReportMessageHandler,
  ListConversationsHandler,
  GetMessagesHandler,
  GetUnreadCountHandler,
];
