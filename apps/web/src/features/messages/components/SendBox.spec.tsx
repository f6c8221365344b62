import { MESSAGE_LIMITS } from '@crew/contracts/constants';
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SendBox } from './SendBox';

const setup = (onSend = jest.fn<(body: string) => Promise<void>>(async () => undefined)) => {
  render(<SendBox onSend={onSend} label="Message Skipper Sailor" />);
  return { onSend, box: screen.getByRole('textbox', { name: 'Message Skipper Sailor' }) };
};

describe('SendBox', () => {
  it('sends the trimmed text on Enter and empties the box', async () => {
    const user = userEvent.setup();
    const { onSend, box } = setup();
    await user.type(box, '  Is there room for a beginner?  {Enter}');
    expect(onSend).toHaveBeenCalledWith('Is there room for a beginner?');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('starts a new line on Shift+Enter without sending', async () => {
    const user = userEvent.setup();
    const { onSend, box } = setup();
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}Second line');
    expect(box).toHaveValue('First line\nSecond line');
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('First line\nSecond line');
  });

  it('sends nothing blank and says why; refuses more than 2,000 characters', async () => {
    const user = userEvent.setup();
    const { onSend, box } = setup();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    // The contract's own messages.
    expect(await screen.findByRole('alert')).toHaveTextContent('Write a message first');
    expect(box).toHaveAttribute('aria-invalid', 'true');

    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(2001));
    expect(screen.getByText(/2,001\/2,000/)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent(`A message can be at most ${MESSAGE_LIMITS.bodyMax} characters`);
  });

  it('keeps what was typed when sending fails, with the reason', async () => {
    const user = userEvent.setup();
    const { box } = setup(jest.fn<(body: string) => Promise<void>>(async () => Promise.reject(new Error('You are sending messages too quickly. Please wait 20 s and try again.'))));
    await user.type(box, 'Hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('too quickly');
    expect(box).toHaveValue('Hello');
  });
});
