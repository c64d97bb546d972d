import { CreateMessaging1766000000000 } from './1766000000000-create-messaging';
import { MessageImages1766200000000 } from './1766200000000-message-images';
import { HiddenMessages1767600000000 } from './1767600000000-hidden-messages';
import { LastMessageOffPlatform1770300000000 } from './1770300000000-last-message-off-platform';
import { ObjectErasures1780300000000 } from './1780300000000-object-erasures';

/** Every migration, in order. New ones are appended here and committed. */
export const messagingMigrations = [
  CreateMessaging1766000000000,
  MessageImages1766200000000,
  HiddenMessages1767600000000,
  LastMessageOffPlatform1770300000000,
  ObjectErasures1780300000000,
];
