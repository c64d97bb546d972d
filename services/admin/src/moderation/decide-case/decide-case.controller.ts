import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { type CaseDto } from '@loadout/contracts';
import { bearerOf } from '../../shared/bearer';
import { DecideCaseDto } from './decide-case.dto';
import { DecideCaseHandler } from './decide-case.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/cases')
export class DecideCaseController {
  constructor(private readonly handler: DecideCaseHandler) {}

  @Roles('admin')
  @Post(':id/decision')
  @HttpCode(200)
  decide(
    @Param('id') id: string,
    @Body() body: DecideCaseDto,
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
