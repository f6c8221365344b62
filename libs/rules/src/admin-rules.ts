/**
 * The longest reason or note an administrator gives (suspending, reinstating,
 * flagging or deleting a voyage, acting on an account): the admin forms cap
 * their fields with it, the contracts refuse longer ones at the door and the
 * domain refuses them before the audit trail or the voyage records them.
 */
export const ADMIN_REASON_MAX = 2000;
