import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type DisputesPage } from '@loadout/contracts';
import { ListDisputesQueryDto } from './list-disputes.dto';
import { ListDisputesQuery } from './list-disputes.query';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/disputes')
export class ListDisputesController {
  constructor(private readonly query: ListDisputesQuery) {}

  @Authenticated()
  @Get()
  @ApiOperation({ summary: 'My disputes as buyer and seller, newest first (at most 100)' })
  list(@Query() q: ListDisputesQueryDto, @CurrentUser() user: AuthUser): Promise<DisputesPage> {
    return this.query.list(user, q.role);
  }
}
