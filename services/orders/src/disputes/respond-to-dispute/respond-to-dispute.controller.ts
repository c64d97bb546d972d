import { Body, Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { RespondToDisputeDto } from './respond-to-dispute.dto';
import { RespondToDisputeHandler } from './respond-to-dispute.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/disputes')
export class RespondToDisputeController {
  constructor(private readonly handler: RespondToDisputeHandler) {}

  @Authenticated()
  @Post(':id/response')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Seller: accept, propose a partial refund, or contest' })
  respond(
    @Param('id') id: string,
    @Body() body: RespondToDisputeDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<DisputeView> {
    return this.handler.respond(id, body, user, String(req.id));
  }
}
