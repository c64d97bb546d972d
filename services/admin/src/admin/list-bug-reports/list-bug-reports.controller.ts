import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { ListBugReportsHandler, type ListBugReportsResult } from './list-bug-reports.handler';

@ApiTags('admin')
@Controller('api/v1/admin')
export class ListBugReportsController {
  constructor(private readonly handler: ListBugReportsHandler) {}

  @Roles('admin')
  @Get()
  run(): Promise<ListBugReportsResult> {
    return this.handler.run();
  }
}
