import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RegisterPage } from './RegisterPage';

describe('register: the account types the product supports', () => {
  it('offers Crew Member, Skipper and Skipper & Crew, and registers a Skipper & Crew account as "both"', async () => {
    const user = userEvent.setup();
    const fetchMock = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => ({
      ok: true,
      status: 201,
      json: async () => ({ email_verification_required: true, message: 'Check your inbox' }),
    }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/register']}>
          <Routes>
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/email-verification-pending" element={<p>Pending</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['crew', 'skipper', 'both']);
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@crew.test');
    await user.type(screen.getByLabelText('Password'), 'kingfisher-sail');
    await user.click(screen.getByRole('radio', { name: /Skipper & Crew/ }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as { user_type: string };
    expect(body.user_type).toBe('both');
  });
});
