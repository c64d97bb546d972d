/** Kinds of email a user can or cannot turn off (issue 11: orders and security always on). */
export const ESSENTIAL_EMAIL_KINDS = ['orders', 'security'] as const;
export const OPTIONAL_EMAIL_KINDS = ['messages', 'favourites'] as const;
export type EssentialEmailKind = (typeof ESSENTIAL_EMAIL_KINDS)[number];
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];

export const isOptionalEmailKind = (v: unknown): v is OptionalEmailKind =>
  typeof v === 'string' && (OPTIONAL_EMAIL_KINDS as readonly string[]).includes(v);

export interface EmailPreferences {
  orders: true;
  security: true;
  messages: boolean;
  favourites: boolean;
}

/** Everything on until the user says otherwise. */
export const DEFAULT_PREFERENCES: EmailPreferences = {
  orders: true,
  security: true,
  messages: true,
  favourites: true,
};

export const OPTIONAL_KIND_LABELS: Record<OptionalEmailKind, string> = {
  messages: 'new-message emails',
  favourites: 'favourite emails',
};
