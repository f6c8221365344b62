import { sharedText } from './shared-texts';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './ticket-rules';

/** "a, b" and "c" of "a, b or c": the values a refusal names. */
const choices = (values: readonly string[]) => ({ values: values.slice(0, -1).join(', '), last: values[values.length - 1] ?? '' });
/** An unknown priority's or status's refusal, naming those there are. */
export const TICKET_MESSAGES = {
  priorityInvalid: sharedText('Priority must be {values} or {last}', choices(TICKET_PRIORITIES)),
  statusInvalid: sharedText('Status must be {values} or {last}', choices(TICKET_STATUSES)),
} as const;
