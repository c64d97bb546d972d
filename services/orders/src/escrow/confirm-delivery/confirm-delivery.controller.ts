import { Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { ConfirmDeliveryHandler } from './confirm-delivery.handler';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class ConfirmDeliveryController {
  constructor(private readonly handler: ConfirmDeliveryHandler) {}

  @Authenticated()
  @Post(':id/confirm-delivery')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Buyer: confirm delivery and release the money to the seller' })
  confirm(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<OrderView> {
    return this.handler.confirm(id, user, String(req.id));
  }
}
