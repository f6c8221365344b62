/** Contact addresses shown in the footer, help and legal pages. */
export const CONTACT = {
  support: 'support@crewfinder.app',
  safety: 'safety@crewfinder.app',
  general: 'hello@crewfinder.app',
  dataProtection: 'privacy@crewfinder.app',
} as const;

export const SITE_NAME = 'Crew Finder';
