import { Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { WithdrawOfferHandler } from './withdraw-offer.handler';

@ApiTags('offers')
@ApiBearerAuth()
@Controller('api/v1/offers')
export class WithdrawOfferController {
  constructor(private readonly handler: WithdrawOfferHandler) {}

  @Authenticated()
  @Post(':id/withdraw')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Buyer: withdraw a running offer' })
  withdraw(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<OfferView> {
    return this.handler.withdraw(id, user, String(req.id));
  }
}
