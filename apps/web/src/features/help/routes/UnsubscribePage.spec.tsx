import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UnsubscribePage } from './UnsubscribePage';

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/unsubscribe" element={<UnsubscribePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const answer = (status: number, body: unknown) => {
  globalThis.fetch = jest.fn(async () => ({ ok: status < 300, status, json: async () => body })) as unknown as typeof fetch;
};

describe('Unsubscribe page', () => {
  it('says a bad link is not valid in a plain sentence, with a way on', async () => {
    answer(400, { error: 'This unsubscribe link is not valid. Sign in and turn news mail off in your profile instead.', code: 'INVALID_UNSUBSCRIBE_LINK' });
    renderAt('/unsubscribe?user=abc&token=x');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe from campaign mail' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This unsubscribe link is not valid. Sign in and turn news mail off in your profile instead.');
    expect(alert.textContent).not.toMatch(/user:|token:/);
  });

  it('never shows a field-by-field text, whatever the server answered', async () => {
    answer(400, { error: 'user: Invalid unsubscribe link', code: 'VALIDATION_FAILED' });
    renderAt('/unsubscribe?user=abc&token=x');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe from campaign mail' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not unsubscribe you just now. Please try again, or sign in and turn news mail off in your profile.');
  });
});
