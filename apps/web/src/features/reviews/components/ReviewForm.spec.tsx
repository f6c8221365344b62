import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client';
import { ReviewForm } from './ReviewForm';

type Submit = (value: { rating: number; text: string }) => Promise<unknown>;

const setup = (props: Partial<Parameters<typeof ReviewForm>[0]> = {}) => {
  const onSubmit = jest.fn<Submit>(async () => undefined);
  render(<ReviewForm subject="Mary Read" submitLabel="Submit review" pending={false} onSubmit={onSubmit} {...props} />);
  return { onSubmit, user: userEvent.setup() };
};

describe('ReviewForm', () => {
  it('rates with the keyboard: Tab reaches the stars, Space picks one, arrow keys move between them', async () => {
    const { user } = setup();
    const group = screen.getByRole('group', { name: 'Your rating of Mary Read' });
    expect(group).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star: poor' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: '1 star: poor' })).toBeChecked();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars: very good' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars: very good' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 stars: good' })).toBeChecked();
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(1);
  });

  it('says what is missing instead of sending: a rating, and at least 20 characters once trimmed', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Choose a rating from 1 to 5 stars', 'Please write at least 20 characters']);
    const text = screen.getByLabelText('Your review of Mary Read');
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(/At least 20 characters \(0 \/ 2,000\)\. Please write at least 20 characters/);
    expect(screen.getByRole('group', { name: 'Your rating of Mary Read' })).toHaveAccessibleDescription('Choose a rating from 1 to 5 stars');

    // Spaces do not count.
    await user.click(screen.getByRole('radio', { name: '5 stars: excellent' }));
    await user.type(text, '   Kind and calm.          ');
    expect(screen.getByText('At least 20 characters (14 / 2,000).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please write at least 20 characters']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears each message as soon as its field is fixed, before sending again, and keeps the others', async () => {
    const { user, onSubmit } = setup();
    const group = screen.getByRole('group', { name: 'Your rating of Mary Read' });
    const text = screen.getByLabelText('Your review of Mary Read');
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Choose a rating from 1 to 5 stars', 'Please write at least 20 characters']);

    // A star chosen: its message goes; the text, still short, keeps its own.
    await user.click(screen.getByRole('radio', { name: '3 stars: good' }));
    expect(screen.queryByText('Choose a rating from 1 to 5 stars')).toBeNull();
    expect(group).not.toHaveAccessibleDescription();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please write at least 20 characters']);
    expect(text).toHaveAttribute('aria-invalid', 'true');

    // Twenty characters typed: nothing left to say, and nothing sent yet.
    await user.type(text, 'A calm and kind skipper.');
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(text).not.toHaveAttribute('aria-invalid');
    expect(text).toHaveAccessibleDescription('At least 20 characters (24 / 2,000).');
    expect(onSubmit).not.toHaveBeenCalled();

    // Broken again, the message comes back without a submit.
    await user.clear(text);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please write at least 20 characters']);
  });

  it('drops the server\u2019s refusal at the next submit', async () => {
    const onSubmit = jest.fn<Submit>(async () => {
      throw new ApiError(409, 'REVIEW_WINDOW_CLOSED', 'Reviews for this voyage closed 14 days after it was completed');
    });
    const { user } = setup({ onSubmit });
    await user.click(screen.getByRole('radio', { name: '4 stars: very good' }));
    const text = screen.getByLabelText('Your review of Mary Read');
    await user.type(text, 'A calm, careful and generous skipper.');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Reviews for this voyage closed 14 days after it was completed');
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please write at least 20 characters']);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('sends the stars and the trimmed text, and shows the server\u2019s refusal in its own words', async () => {
    const onSubmit = jest.fn<Submit>(async () => {
      throw new ApiError(409, 'REVIEW_WINDOW_CLOSED', 'Reviews for this voyage closed 14 days after it was completed');
    });
    const { user } = setup({ onSubmit });
    await user.click(screen.getByRole('radio', { name: '4 stars: very good' }));
    await user.type(screen.getByLabelText('Your review of Mary Read'), '  A calm, careful and generous skipper.  ');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(onSubmit).toHaveBeenCalledWith({ rating: 4, text: 'A calm, careful and generous skipper.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Reviews for this voyage closed 14 days after it was completed');
  });

  it('starts from the review being edited, and offers Cancel', async () => {
    const onCancel = jest.fn();
    const { user } = setup({ initial: { rating: 2, text: 'Too much motoring for my taste.' }, submitLabel: 'Save changes', onCancel });
    expect(screen.getByRole('radio', { name: '2 stars: fair' })).toBeChecked();
    expect(screen.getByLabelText('Your review of Mary Read')).toHaveValue('Too much motoring for my taste.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('cannot be sent twice while saving', () => {
    setup({ pending: true });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  });
});
