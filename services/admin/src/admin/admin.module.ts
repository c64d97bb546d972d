import { Module } from '@nestjs/common';
import { ListBugReportsController } from './list-bug-reports/list-bug-reports.controller';
import { ListBugReportsHandler } from './list-bug-reports/list-bug-reports.handler';

@Module({
  controllers: [ListBugReportsController],
  providers: [ListBugReportsHandler],
})
export class AdminModule {}
