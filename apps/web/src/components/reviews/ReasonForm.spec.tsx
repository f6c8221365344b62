import { REVIEW_REPORT_REASON } from '@crew/contracts/constants';
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api-client';
import { ReasonForm } from './ReasonForm';

type Submit = (reason: string) => Promise<unknown>;

const TOO_SHORT = `Please say in at least ${REVIEW_REPORT_REASON.min} characters what is wrong`;

const setup = (onSubmit = jest.fn<Submit>(async () => undefined)) => {
  const onDone = jest.fn();
  render(<ReasonForm kind="report" label="What is wrong with this review?" submitLabel="Send report" max={REVIEW_REPORT_REASON.max} onSubmit={onSubmit} onDone={onDone} />);
  return { onSubmit, onDone, user: userEvent.setup(), box: screen.getByLabelText('What is wrong with this review?') };
};

describe('ReasonForm (reporting a review)', () => {
  it('says in the contract’s words that the reason is too short, and the message goes as soon as it is long enough', async () => {
    const { user, box, onSubmit } = setup();
    expect(box).toHaveAttribute('maxLength', String(REVIEW_REPORT_REASON.max));
    await user.type(box, ' Spam ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_SHORT);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(TOO_SHORT);
    await user.type(box, 'my advert');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason and closes', async () => {
    const { user, box, onSubmit, onDone } = setup();
    await user.type(box, '  Insults the crew  ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(onSubmit).toHaveBeenCalledWith('Insults the crew');
    expect(onDone).toHaveBeenCalled();
  });

  it('shows the server’s refusal until the next submit', async () => {
    const onSubmit = jest
      .fn<Submit>()
      .mockRejectedValueOnce(new ApiError(503, 'UNAVAILABLE', 'Reports cannot be sent just now'))
      .mockResolvedValue(undefined);
    const { user, box, onDone } = setup(onSubmit);
    await user.type(box, 'Insults the crew');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Reports cannot be sent just now');
    // Editing a valid reason does not make the refusal go away: only the next submit does.
    await user.type(box, '!');
    expect(screen.getByRole('alert')).toHaveTextContent('Reports cannot be sent just now');
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(onSubmit).toHaveBeenLastCalledWith('Insults the crew!');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onDone).toHaveBeenCalled();
  });
});
