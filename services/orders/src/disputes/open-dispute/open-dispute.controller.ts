import { Body, Controller, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { OpenDisputeDto } from './open-dispute.dto';
import { OpenDisputeHandler } from './open-dispute.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class OpenDisputeController {
  constructor(private readonly handler: OpenDisputeHandler) {}

  @Authenticated()
  @Post(':id/disputes')
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Buyer: open a dispute (freezes the automatic release)' })
  open(
    @Param('id') id: string,
    @Body() body: OpenDisputeDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<DisputeView> {
    return this.handler.open(id, body, user, String(req.id));
  }
}
