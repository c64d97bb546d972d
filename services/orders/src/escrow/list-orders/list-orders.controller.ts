import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OrdersPage } from '@loadout/contracts';
import { ListOrdersQueryDto } from './list-orders.dto';
import { ListOrdersQuery } from './list-orders.query';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class ListOrdersController {
  constructor(private readonly query: ListOrdersQuery) {}

  @Authenticated()
  @Get()
  @ApiOperation({
    summary:
      "The caller's purchases (role=buyer) or sales (role=seller), optionally of one listing",
  })
  list(@Query() q: ListOrdersQueryDto, @CurrentUser() user: AuthUser): Promise<OrdersPage> {
    return this.query.list(user.id, q.role ?? 'buyer', q.cursor, q.limit ?? 20, q.listingId);
  }
}
