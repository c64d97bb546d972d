import { Body, Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Roles } from '@loadout/auth';
import { type OrderView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { RefundOrderDto } from './refund-order.dto';
import { RefundOrderHandler } from './refund-order.handler';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class RefundOrderController {
  constructor(private readonly handler: RefundOrderHandler) {}

  @Roles('admin')
  @Post(':id/refund')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({
    summary: 'Admin: refund what Loadout still holds (e.g. the rest of a partly refunded order)',
  })
  refund(
    @Param('id') id: string,
    @Body() body: RefundOrderDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<OrderView> {
    return this.handler.refund(id, body.reason, user, String(req.id));
  }
}
