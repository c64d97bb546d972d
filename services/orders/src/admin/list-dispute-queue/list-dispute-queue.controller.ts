import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type AdminPage, type DisputeView } from '@loadout/contracts';
import { ListDisputeQueueQueryDto } from './list-dispute-queue.dto';
import { ListDisputeQueueQuery } from './list-dispute-queue.query';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/disputes')
export class ListDisputeQueueController {
  constructor(private readonly query: ListDisputeQueueQuery) {}

  @Roles('admin')
  @Get()
  @ApiOperation({
    summary: 'Admin: the disputes queue, oldest first (default: escalated and open chargebacks)',
  })
  list(@Query() q: ListDisputeQueueQueryDto): Promise<AdminPage<DisputeView>> {
    return this.query.list(q);
  }
}
