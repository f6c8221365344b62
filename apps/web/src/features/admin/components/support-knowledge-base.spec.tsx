import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { fakeApi } from '../../../testing/ticket-fixtures';
import { SupportKnowledgeBaseTab } from './support-knowledge-base';

const SAFETY = { id: '0b7f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70', name: 'Safety', slug: 'safety', article_count: 0 };
const CATEGORIES = '/api/admin/support/knowledge-base/categories';
const ARTICLES = '/api/admin/support/knowledge-base/articles';

const renderTab = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SupportKnowledgeBaseTab />
    </QueryClientProvider>,
  );

describe('the knowledge base tab', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('checks a new article on the contract after the first save, clears each message as it is fixed, and keeps the refusal until the next save', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = fakeApi(({ url, method }) => {
      if (url === CATEGORIES && method === 'GET') return { body: { categories: [SAFETY] } };
      if (url.startsWith(ARTICLES) && method === 'GET') return { body: { articles: [] } };
      if (url === ARTICLES && method === 'POST') {
        if (refuse) return { status: 400, body: { error: 'Validation failed', code: 'VALIDATION_ERROR', details: [{ path: 'title', message: 'That title is taken' }] } };
        return {
          body: {
            message: 'Saved',
            article: {
              id: '5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a4b',
              slug: 'packing',
              title: 'Packing',
              summary: 'What goes in.',
              category_id: SAFETY.id,
              category: 'Safety',
              published: true,
              view_count: 0,
              helpful_count: 0,
              total_votes: 0,
              updated_at: '2026-04-01T10:00:00.000Z',
              body: 'Pack a torch.',
              created_at: '2026-04-01T10:00:00.000Z',
            },
          },
        };
      }
      return undefined;
    });
    renderTab();
    await screen.findByRole('button', { name: 'Safety (0)' });
    await user.click(screen.getByRole('button', { name: 'New article' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New article' }));
    const title = dialog.getByLabelText('Title');
    await user.type(title, 'Pa');
    expect(dialog.queryByText('Title needs at least 3 characters')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save article' }));
    expect(await dialog.findByText('Title needs at least 3 characters')).toBeInTheDocument();
    expect(dialog.getByText('The article text is required')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title needs at least 3 characters');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(title, 'cking');
    await waitFor(() => expect(dialog.queryByText('Title needs at least 3 characters')).not.toBeInTheDocument());
    await user.type(dialog.getByLabelText(/^Article/), 'Pack a torch.');
    await waitFor(() => expect(dialog.queryByText('The article text is required')).not.toBeInTheDocument());

    await user.click(dialog.getByRole('button', { name: 'Save article' }));
    expect(await dialog.findByText('That title is taken')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Summary'), 'What goes in.');
    expect(dialog.getByText('That title is taken')).toBeInTheDocument();
    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Save article' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New article' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { title: 'Packing', summary: '', body: 'Pack a torch.', category_id: SAFETY.id, published: true },
      { title: 'Packing', summary: 'What goes in.', body: 'Pack a torch.', category_id: SAFETY.id, published: true },
    ]);
  });

  it('adds a category only once its name meets the contract, and shows the refusal until the next attempt', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = fakeApi(({ url, method }) => {
      if (url === CATEGORIES && method === 'GET') return { body: { categories: [SAFETY] } };
      if (url.startsWith(ARTICLES) && method === 'GET') return { body: { articles: [] } };
      if (url === CATEGORIES && method === 'POST') {
        if (refuse) return { status: 409, body: { error: 'A category with that name exists', code: 'CATEGORY_EXISTS' } };
        return { status: 201, body: { id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a', name: 'Riggings', slug: 'riggings', article_count: 0 } };
      }
      return undefined;
    });
    renderTab();
    await screen.findByRole('button', { name: 'Safety (0)' });
    const name = screen.getByLabelText('New category name');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Category name is required')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Category name is required');
    await user.type(name, 'Rigging');
    await waitFor(() => expect(screen.queryByText('Category name is required')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A category with that name exists');
    await user.type(name, 's');
    expect(screen.getByRole('alert')).toHaveTextContent('A category with that name exists');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(name).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Rigging' }, { name: 'Riggings' }]);
  });
});
