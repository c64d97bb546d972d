import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type OrdersPage } from '@loadout/contracts';
import { ListUserOrdersQueryDto } from './list-user-orders.dto';
import { ListUserOrdersQuery } from './list-user-orders.query';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/orders')
export class ListUserOrdersController {
  constructor(private readonly query: ListUserOrdersQuery) {}

  @Roles('admin')
  @Get()
  @ApiOperation({ summary: "Admin: a user's purchases (role=buyer) or sales (role=seller)" })
  list(@Query() q: ListUserOrdersQueryDto): Promise<OrdersPage> {
    return this.query.list(q);
  }
}
