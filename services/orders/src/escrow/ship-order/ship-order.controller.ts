import { Body, Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { ShipOrderDto } from './ship-order.dto';
import { ShipOrderHandler } from './ship-order.handler';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class ShipOrderController {
  constructor(private readonly handler: ShipOrderHandler) {}

  @Authenticated()
  @Post(':id/ship')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Seller: mark shipped (carrier + tracking) or handed over in person' })
  ship(
    @Param('id') id: string,
    @Body() body: ShipOrderDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<OrderView> {
    return this.handler.ship(id, body, user, String(req.id));
  }
}
