import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ServiceDirectory } from '../platform/service-directory';
import { DeadLetterSources } from './dead-letter-sources';
import { DiscardDeadLetterController } from './discard-dead-letter/discard-dead-letter.controller';
import { ListDeadLettersController } from './list-dead-letters/list-dead-letters.controller';
import { ReplayDeadLetterController } from './replay-dead-letter/replay-dead-letter.controller';
import { DeadLetterActions } from './replay-dead-letter/replay-dead-letter.handler';

/** Every service's dead letters, replayed or discarded by admins (audited). */
@Module({
  imports: [AuditModule],
  controllers: [ListDeadLettersController, ReplayDeadLetterController, DiscardDeadLetterController],
  providers: [ServiceDirectory, DeadLetterSources, DeadLetterActions],
})
export class DeadLettersAdminModule {}
