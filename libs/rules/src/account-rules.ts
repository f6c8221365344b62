/** A member's account types: what they sign up as (skipper, crew or both), and administrators. */
export const USER_TYPES = ['skipper', 'crew', 'both', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];
