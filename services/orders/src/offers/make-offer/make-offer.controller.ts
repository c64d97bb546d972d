import { Body, Controller, HttpCode, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { MakeOfferDto } from './make-offer.dto';
import { MakeOfferHandler } from './make-offer.handler';

@ApiTags('offers')
@ApiBearerAuth()
@Controller('api/v1/offers')
export class MakeOfferController {
  constructor(private readonly handler: MakeOfferHandler) {}

  @Authenticated()
  @Post()
  @HttpCode(201)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({
    summary: 'Buyer: offer a price for an active listing (one running offer per listing, 48 h)',
  })
  make(
    @Body() body: MakeOfferDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<OfferView> {
    return this.handler.make(body, user, String(req.id));
  }
}
