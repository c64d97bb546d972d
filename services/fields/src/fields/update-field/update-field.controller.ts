import { Body, Controller, Param, Patch, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Roles } from '@loadout/auth';
import { type FieldDto } from '@loadout/contracts';
import { UpdateFieldDto } from '../field-input.dto';
import { UpdateFieldHandler } from './update-field.handler';

@ApiTags('fields (admin)')
@ApiBearerAuth()
@Controller('api/v1/fields')
export class UpdateFieldController {
  constructor(private readonly handler: UpdateFieldHandler) {}

  @Roles('admin')
  @Patch(':id')
  update(
    @Param('id') id: string,
    @Body() body: UpdateFieldDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<FieldDto> {
    return this.handler.update(id, body, { id: user.id, requestId: String(req.id) });
  }
}
