import { TICKET_PRIORITIES, TICKET_STATUSES } from './ticket-rules';

/** "a, b or c": the values a refusal names. */
const oneOf = (values: readonly string[]): string => `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
/** An unknown priority's or status's refusal, naming those there are. */
export const TICKET_MESSAGES = {
  priorityInvalid: `Priority must be ${oneOf(TICKET_PRIORITIES)}`,
  statusInvalid: `Status must be ${oneOf(TICKET_STATUSES)}`,
} as const;
