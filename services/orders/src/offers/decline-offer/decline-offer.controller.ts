import { Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { DeclineOfferHandler } from './decline-offer.handler';

@ApiTags('offers')
@ApiBearerAuth()
@Controller('api/v1/offers')
export class DeclineOfferController {
  constructor(private readonly handler: DeclineOfferHandler) {}

  @Authenticated()
  @Post(':id/decline')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({
    summary: 'The party whose turn it is (seller: an offer; buyer: a counter) declines',
  })
  decline(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<OfferView> {
    return this.handler.decline(id, user, String(req.id));
  }
}
