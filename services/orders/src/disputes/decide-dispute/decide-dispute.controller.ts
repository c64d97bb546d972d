import { Body, Controller, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Roles } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { IdempotencyInterceptor } from '../../escrow/idempotency/idempotency.interceptor';
import { DecideDisputeDto } from './decide-dispute.dto';
import { DecideDisputeHandler } from './decide-dispute.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/admin/disputes')
export class DecideDisputeController {
  constructor(private readonly handler: DecideDisputeHandler) {}

  @Roles('admin')
  @Post(':id/decision')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({ summary: 'Admin: decide an escalated dispute, with a statement of reasons' })
  decide(
    @Param('id') id: string,
    @Body() body: DecideDisputeDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<DisputeView> {
    return this.handler.decide(id, body, user, String(req.id));
  }
}
