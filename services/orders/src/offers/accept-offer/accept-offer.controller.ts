import { Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type AcceptOfferResponse } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { AcceptOfferHandler } from './accept-offer.handler';

@ApiTags('offers')
@ApiBearerAuth()
@Controller('api/v1/offers')
export class AcceptOfferController {
  constructor(private readonly handler: AcceptOfferHandler) {}

  @Authenticated()
  @Post(':id/accept')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({
    summary:
      'Seller (an offer) or buyer (a counter): agree; creates the order at that price for the buyer to pay',
  })
  accept(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<AcceptOfferResponse> {
    return this.handler.accept(id, user, String(req.id));
  }
}
