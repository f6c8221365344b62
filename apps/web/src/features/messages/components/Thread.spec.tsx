import type { Conversation, Message } from '@crew/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Thread, type ThreadProps } from './Thread';

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  other: { id: 'u2', name: 'Skipper Sailor', photo_url: null },
  voyage: { id: 'v1', title: 'Solent to Cherbourg', status: 'planning', start_date: '2027-07-01', departure_port: 'Cowes', arrival_port: 'Cherbourg', other_is_skipper: true },
  last_message: null,
  updated_at: '2027-01-01T10:00:00.000Z',
  unread_count: 0,
  can_reply: true,
  blocked_by_me: false,
  ...overrides,
});

const message = (id: string, body: string, mine: boolean, readAt: string | null = null): Message => ({
  id,
  conversation_id: 'c1',
  sender_id: mine ? 'u1' : 'u2',
  body,
  sent_at: '2027-01-01T10:00:00.000Z',
  read_at: readAt,
  mine,
});

const setup = (props: Partial<ThreadProps> = {}) => {
  const onSend = jest.fn<(body: string) => Promise<unknown>>(async () => undefined);
  const onBlockChange = jest.fn<(blocked: boolean) => void>();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Thread
          conversation={conversation()}
          messages={[message('m1', 'Is there room?', true, '2027-01-01T10:05:00.000Z'), message('m2', 'Yes, two berths.\nBring oilskins.', false), message('m3', 'Great!', true)]}
          hasOlder={false}
          onLoadOlder={() => undefined}
          onSend={onSend}
          onBlockChange={onBlockChange}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSend, onBlockChange };
};

describe('Thread', () => {
  it('shows the voyage in its header and the messages oldest first, with read receipts on mine', () => {
    setup();
    const region = screen.getByRole('region', { name: 'Skipper Sailor' });
    expect(within(region).getByRole('link', { name: 'Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1');
    expect(within(region).getByText(/Skipper of/)).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Messages with Skipper Sailor' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.message__body')?.textContent)).toEqual(['Is there room?', 'Yes, two berths.\nBring oilskins.', 'Great!']);
    expect(items[0]).toHaveTextContent('Read');
    expect(items[2]).toHaveTextContent('Sent');
    // Only the other person's messages can be reported.
    expect(within(items[1]!).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('sends from the focused box with Enter', async () => {
    const user = userEvent.setup();
    const { onSend } = setup();
    const box = screen.getByRole('textbox', { name: 'Message Skipper Sailor' });
    expect(box).toHaveFocus();
    await user.type(box, 'See you Saturday{Enter}');
    expect(onSend).toHaveBeenCalledWith('See you Saturday');
  });

  it('tells the blocked side only that they cannot reply, and the blocker why, with Unblock', async () => {
    setup({ conversation: conversation({ can_reply: false }) });
    expect(screen.getByRole('status')).toHaveTextContent('You cannot reply in this conversation.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('offers Unblock to the one who blocked', async () => {
    const user = userEvent.setup();
    const { onBlockChange } = setup({ conversation: conversation({ can_reply: false, blocked_by_me: true }) });
    expect(screen.getByRole('status')).toHaveTextContent('You have blocked Skipper Sailor.');
    await user.click(screen.getByRole('button', { name: 'Unblock Skipper Sailor' }));
    expect(onBlockChange).toHaveBeenCalledWith(false);
  });
});
