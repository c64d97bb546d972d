import { Body, Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { CancelOrderDto } from './cancel-order.dto';
import { CancelOrderHandler } from './cancel-order.handler';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class CancelOrderController {
  constructor(private readonly handler: CancelOrderHandler) {}

  @Authenticated()
  @Post(':id/cancel')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Buyer or seller: cancel before shipping (full refund)' })
  cancel(
    @Param('id') id: string,
    @Body() body: CancelOrderDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<OrderView> {
    return this.handler.cancel(id, body.reason, user, String(req.id));
  }
}
