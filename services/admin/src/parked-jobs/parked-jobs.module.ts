import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ServiceDirectory } from '../platform/service-directory';
import { DiscardParkedJobController } from './discard-parked-job/discard-parked-job.controller';
import { ListParkedJobsController } from './list-parked-jobs/list-parked-jobs.controller';
import { OrdersParkedJobs } from './orders-parked-jobs';
import { ParkedJobActions } from './parked-job-actions';
import { RetryParkedJobController } from './retry-parked-job/retry-parked-job.controller';

/** Orders' parked jobs, retried or discarded by admins (audited). Issue 23 scenario 7. */
@Module({
  imports: [AuditModule],
  controllers: [ListParkedJobsController, RetryParkedJobController, DiscardParkedJobController],
  providers: [ServiceDirectory, OrdersParkedJobs, ParkedJobActions],
})
export class ParkedJobsAdminModule {}
