import { Module } from '@nestjs/common';
import { DevMailboxController } from './dev-mailbox.controller';
import { DevMailboxRepository } from './dev-mailbox.repository';

/** /dev/mailbox: imported by AppModule only when MAIL_TRANSPORT=devbox. */
@Module({
  controllers: [DevMailboxController],
  providers: [DevMailboxRepository],
})
export class DevMailboxModule {}
