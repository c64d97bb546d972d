import { Body, Controller, Delete, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Roles } from '@loadout/auth';
import { type FieldDto } from '@loadout/contracts';
import { CreateFieldDto, UpdateFieldDto } from './manage-fields.dto';
import { ManageFieldsHandler } from './manage-fields.handler';

@ApiTags('fields (admin)')
@ApiBearerAuth()
@Controller('api/v1/fields')
export class ManageFieldsController {
  constructor(private readonly handler: ManageFieldsHandler) {}

  @Roles('admin')
  @Post()
  create(
    @Body() body: CreateFieldDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<FieldDto> {
    return this.handler.create(body, { id: user.id, requestId: String(req.id) });
  }

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

  @Roles('admin')
  @Delete(':id')
  @HttpCode(204)
  async delete(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    await this.handler.delete(id, { id: user.id, requestId: String(req.id) });
  }
}
