import { Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { MarkReturnShippedHandler } from './mark-return-shipped.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/disputes')
export class MarkReturnShippedController {
  constructor(private readonly handler: MarkReturnShippedHandler) {}

  @Authenticated()
  @Post(':id/return-shipped')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Buyer: the item is on its way back to the seller' })
  mark(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<DisputeView> {
    return this.handler.mark(id, user, String(req.id));
  }
}
