import { Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { ConfirmReturnHandler } from './confirm-return.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/disputes')
export class ConfirmReturnController {
  constructor(private readonly handler: ConfirmReturnHandler) {}

  @Authenticated()
  @Post(':id/return-received')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Seller: the returned item arrived (the buyer is refunded)' })
  confirm(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<DisputeView> {
    return this.handler.confirm(id, user, String(req.id));
  }
}
