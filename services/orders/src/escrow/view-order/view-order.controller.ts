import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { OrderAccess } from '../order-access';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class ViewOrderController {
  constructor(private readonly access: OrderAccess) {}

  @Authenticated()
  @Get(':id')
  @ApiOperation({ summary: 'One order with its timeline; buyer, seller and admins only' })
  get(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<OrderView> {
    return this.access.viewFor(id, user);
  }
}
