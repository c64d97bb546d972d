export { NOTIFICATION_TYPES, type NotificationType } from '@loadout/contracts';
import { NOTIFICATION_LIST_LIMITS } from '@loadout/contracts';

export const DEFAULT_LIST_LIMIT = NOTIFICATION_LIST_LIMITS.default;
export const MAX_LIST_LIMIT = NOTIFICATION_LIST_LIMITS.max;
