import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { type CaseDto } from '@loadout/contracts';
import { bearerOf } from '../../shared/bearer';
import { DecideAppealDto } from './decide-appeal.dto';
import { DecideAppealHandler } from './decide-appeal.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/cases')
export class DecideAppealController {
  constructor(private readonly handler: DecideAppealHandler) {}

  @Roles('admin')
  @Post(':id/appeal-decision')
  @HttpCode(200)
  decide(
    @Param('id') id: string,
    @Body() body: DecideAppealDto,
    @CurrentUser() admin: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<CaseDto> {
    return this.handler.decide(id, body, {
      id: admin.id,
      token: bearerOf(req),
      requestId: String(req.id),
    });
  }
}
