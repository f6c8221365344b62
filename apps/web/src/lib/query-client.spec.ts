import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

/* The connection drops while a page is open (the browser fires `offline`): what the app's queries and writes then do. */
describe('the query client after the connection drops', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('still makes a write, so a check-in or message can be kept on the device rather than hang as "Sending…"', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    const send = jest.fn(async () => ({ queued: true }));
    const outcome = await client.getMutationCache().build(client, { mutationFn: send }).execute(undefined);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outcome).toEqual({ queued: true });
  });

  it('says at once that a write failed for want of a connection', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    const failing = async () => {
      throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
    };
    await expect(client.getMutationCache().build(client, { mutationFn: failing }).execute(undefined)).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('still tries a read once, for the device’s copy to answer it', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    const read = jest.fn(async () => ({ title: 'Helford River to the Scillies', from: 'device' }));
    await expect(client.fetchQuery({ queryKey: ['voyage'], queryFn: read })).resolves.toEqual({ title: 'Helford River to the Scillies', from: 'device' });
    expect(read).toHaveBeenCalledTimes(1);
  });
});
