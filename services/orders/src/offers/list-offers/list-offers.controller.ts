import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OffersPage } from '@loadout/contracts';
import { ListOffersQueryDto } from './list-offers.dto';
import { ListOffersQuery } from './list-offers.query';

@ApiTags('offers')
@ApiBearerAuth()
@Controller('api/v1/offers')
export class ListOffersController {
  constructor(private readonly query: ListOffersQuery) {}

  @Authenticated()
  @Get()
  @ApiOperation({
    summary: 'My offers, sent (buyer) and received (seller), newest first (at most 100)',
  })
  list(@Query() q: ListOffersQueryDto, @CurrentUser() user: AuthUser): Promise<OffersPage> {
    return this.query.list(user, q.role);
  }
}
