import type { CommandBus } from '@nestjs/cqrs';
import { AccountErasureStep, type AccountErasure } from '../../../platform/contributions';
import { EraseRequesterTickets } from '../commands/erase-requester-tickets.command';

/**
 * The support context's part in erasing an account: their tickets are closed
 * and the text they wrote is no longer shown (SupportTicketRequesterErased;
 * a ticket erased already is left as it is). Reports how many tickets.
 */
export const eraseRequesterTickets = (commands: CommandBus): AccountErasure => ({
  async erase({ userId, metadata }) {
    const { tickets } = await commands.execute<EraseRequesterTickets, { tickets: number }>(new EraseRequesterTickets(userId, metadata));
    return { tickets };
  },
});

export const eraseRequesterTicketsStep = (commands: CommandBus): AccountErasureStep => new AccountErasureStep('support', 'records', eraseRequesterTickets(commands));
