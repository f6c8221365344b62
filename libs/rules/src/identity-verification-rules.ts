/**
 * An administrator marks a member's identity as checked (after a check done
 * outside the product: a passport or licence seen on a call, say) with a note
 * of how it was checked, or revokes it. Both are in the member's audit trail.
 */
export const IDENTITY_VERIFICATION_ACTIONS = {
  verified: 'user.identity_verified',
  revoked: 'user.identity_verification_revoked',
} as const;

export const IDENTITY_VERIFICATION_CODES = {
  alreadyVerified: 'IDENTITY_ALREADY_VERIFIED',
  notVerified: 'IDENTITY_NOT_VERIFIED',
} as const;

export const IDENTITY_VERIFICATION_MESSAGES = {
  noteRequired: 'Say how the identity was checked',
  alreadyVerified: "This member's identity is already marked as checked.",
  notVerified: "This member's identity is not marked as checked.",
  verified: 'Identity marked as checked: the member now shows as Verified',
  revoked: 'Identity check revoked',
} as const;
