import { Body, Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { CounterOfferDto } from './counter-offer.dto';
import { CounterOfferHandler } from './counter-offer.handler';

@ApiTags('offers')
@ApiBearerAuth()
@Controller('api/v1/offers')
export class CounterOfferController {
  constructor(private readonly handler: CounterOfferHandler) {}

  @Authenticated()
  @Post(':id/counter')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Seller: answer an offer with another price' })
  counter(
    @Param('id') id: string,
    @Body() body: CounterOfferDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<OfferView> {
    return this.handler.counter(id, body, user, String(req.id));
  }
}
