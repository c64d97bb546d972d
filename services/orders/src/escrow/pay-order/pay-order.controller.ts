import { Body, Controller, HttpCode, Param, Post, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type PayOrderResponse } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { PayOrderDto } from './pay-order.dto';
import { PayOrderHandler } from './pay-order.handler';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class PayOrderController {
  constructor(private readonly handler: PayOrderHandler) {}

  @Authenticated()
  @Post(':id/pay')
  @HttpCode(202)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Start the payment; the order turns paid when the processor confirms' })
  pay(
    @Param('id') id: string,
    @Body() body: PayOrderDto,
    @CurrentUser() user: AuthUser,
  ): Promise<PayOrderResponse> {
    return this.handler.pay(id, body, user);
  }
}
