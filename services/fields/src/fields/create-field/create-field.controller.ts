import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Roles } from '@loadout/auth';
import { type FieldDto } from '@loadout/contracts';
import { CreateFieldHandler } from './create-field.handler';
import { CreateFieldDto } from '../field-input.dto';

@ApiTags('fields (admin)')
@ApiBearerAuth()
@Controller('api/v1/fields')
export class CreateFieldController {
  constructor(private readonly handler: CreateFieldHandler) {}

  @Roles('admin')
  @Post()
  create(
    @Body() body: CreateFieldDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<FieldDto> {
    return this.handler.create(body, { id: user.id, requestId: String(req.id) });
  }
}
