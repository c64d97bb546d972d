import { Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { AcceptProposalHandler } from './accept-proposal.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/disputes')
export class AcceptProposalController {
  constructor(private readonly handler: AcceptProposalHandler) {}

  @Authenticated()
  @Post(':id/accept-proposal')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Buyer: accept the seller’s partial refund' })
  accept(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<DisputeView> {
    return this.handler.accept(id, user, String(req.id));
  }
}
