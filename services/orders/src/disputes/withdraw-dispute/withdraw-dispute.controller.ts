import { Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { WithdrawDisputeHandler } from './withdraw-dispute.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/disputes')
export class WithdrawDisputeController {
  constructor(private readonly handler: WithdrawDisputeHandler) {}

  @Authenticated()
  @Post(':id/withdraw')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Buyer: withdraw the dispute (the release clock resumes)' })
  withdraw(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<DisputeView> {
    return this.handler.withdraw(id, user, String(req.id));
  }
}
