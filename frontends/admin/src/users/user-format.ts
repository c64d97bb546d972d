import { type UserSuspension } from '@loadout/contracts';

const DATE = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Dublin',
});

/** "Suspended until 4 December 2026" or "Suspended permanently". */
export const suspensionText = (s: Pick<UserSuspension, 'until'>): string =>
  s.until ? `Suspended until ${DATE.format(new Date(s.until))}` : 'Suspended permanently';
