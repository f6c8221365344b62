import type { Conversation, Message } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { useWaitingWrites } from '../../../lib/offline-writes';
import { MessageItem } from './MessageItem';
import { SendBox } from './SendBox';

export interface ThreadProps {
  readonly conversation: Conversation;
  readonly messages: readonly Message[];
  readonly hasOlder: boolean;
  readonly onLoadOlder: () => void;
  readonly onSend: (body: string) => Promise<unknown>;
  readonly onBlockChange: (blocked: boolean) => void;
  readonly blockPending?: boolean;
}

/** A conversation: the voyage in its header, messages oldest first, and the send box (or why there is none). */
export function Thread({ conversation, messages, hasOlder, onLoadOlder, onSend, onBlockChange, blockPending = false }: ThreadProps) {
  const { t } = useLingui();
  const { other, voyage } = conversation;
  const name = other.name;
  const voyageTitle = voyage.title;
  const voyageLink = `/voyages/${encodeURIComponent(voyage.id)}`;
  const end = useRef<HTMLDivElement>(null);
  // Messages written without a connection, kept on this device until they are sent (docs/features/offline.md).
  const waiting = useWaitingWrites().filter((write) => write.kind === 'message' && write.conversationId === conversation.id);
  const last = messages[messages.length - 1]?.id ?? waiting[waiting.length - 1]?.idempotencyKey;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  const send = async (body: string): Promise<void> => {
    try {
      await onSend(body);
    } catch (error) {
      throw new Error(error instanceof ApiError ? error.message : t`Your message could not be sent. Please try again.`);
    }
  };

  return (
    <section className="thread" aria-labelledby="thread-heading">
      <header className="thread__head">
        <div>
          <h2 id="thread-heading" className="thread__title">
            <Link to={`/users/${encodeURIComponent(other.id)}`}>{other.name}</Link>
          </h2>
          <p className="thread__voyage">
            {voyageTitle ? (
              voyage.other_is_skipper ? (
                <Trans>
                  Skipper of <Link to={voyageLink}>{voyageTitle}</Link>
                </Trans>
              ) : (
                <Trans>
                  About <Link to={voyageLink}>{voyageTitle}</Link>
                </Trans>
              )
            ) : voyage.other_is_skipper ? (
              <Trans>Skipper of a voyage no longer listed</Trans>
            ) : (
              <Trans>About a voyage no longer listed</Trans>
            )}
            {voyage.departure_port && voyage.arrival_port ? ` · ${voyage.departure_port} → ${voyage.arrival_port}` : ''}
          </p>
        </div>
        <button type="button" className="button button--secondary button--small" disabled={blockPending} onClick={() => onBlockChange(!conversation.blocked_by_me)}>
          {conversation.blocked_by_me ? t`Unblock ${name}` : t`Block ${name}`}
        </button>
      </header>
      <div className="thread__messages">
        {hasOlder && (
          <button type="button" className="link-button thread__older" onClick={onLoadOlder}>
            <Trans>Show earlier messages</Trans>
          </button>
        )}
        <ol className="thread__list" aria-label={t`Messages with ${name}`} aria-live="polite">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} otherName={other.name} />
          ))}
          {waiting.map((write) => {
            const reason = write.error ?? '';
            return (
              <li key={write.idempotencyKey} className="message message--mine message--waiting" data-testid="waiting-message">
                <p className="visually-hidden">{t`You:`}</p>
                <p className="message__body">{String((write.body as { body?: unknown }).body ?? '')}</p>
                <p className="message__meta">{write.state === 'refused' ? t`Not sent: ${reason}` : t`Waiting to send`}</p>
              </li>
            );
          })}
        </ol>
        <div ref={end} />
      </div>
      {conversation.can_reply ? (
        <SendBox key={conversation.id} onSend={send} label={t`Message ${name}`} autoFocus />
      ) : (
        <p className="thread__closed" role="status">
          {conversation.blocked_by_me ? t`You have blocked ${name}. Unblock them to write again.` : t`You cannot reply in this conversation.`}
        </p>
      )}
    </section>
  );
}
