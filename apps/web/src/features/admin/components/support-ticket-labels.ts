import type { TicketPriorityValue, TicketStatusValue } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A status inside a timeline sentence ("changed the status from open to resolved"). */
export const TICKET_STATUS_IN_TEXT = {
  open: msg({ message: 'open', context: 'ticket status, inside a sentence' }),
  pending: msg({ message: 'pending', context: 'ticket status, inside a sentence' }),
  resolved: msg({ message: 'resolved', context: 'ticket status, inside a sentence' }),
  closed: msg({ message: 'closed', context: 'ticket status, inside a sentence' }),
} satisfies Record<TicketStatusValue, MessageDescriptor>;

/** A priority inside a timeline sentence ("high priority", "from low to urgent"). */
export const TICKET_PRIORITY_IN_TEXT = {
  low: msg({ message: 'low', context: 'ticket priority, inside a sentence' }),
  medium: msg({ message: 'medium', context: 'ticket priority, inside a sentence' }),
  high: msg({ message: 'high', context: 'ticket priority, inside a sentence' }),
  urgent: msg({ message: 'urgent', context: 'ticket priority, inside a sentence' }),
} satisfies Record<TicketPriorityValue, MessageDescriptor>;
