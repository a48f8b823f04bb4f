/** Staff roles (shared/permissions.ts). */
export const permissions = {
  forbidden: 'Only the agency’s owner or an admin can do this.',
  ownerOnly: 'Only the agency’s owner can do this.',
} as const;
