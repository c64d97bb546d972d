import { newId } from '@loadout/db';

/** A fresh user id per call: tests never share users, so counts never leak between them. */
export const buildUserId = (label = 'user') => `${label}-${newId().slice(0, 10)}`;
