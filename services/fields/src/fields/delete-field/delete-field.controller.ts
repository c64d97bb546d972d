import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Roles } from '@loadout/auth';
import { DeleteFieldHandler } from './delete-field.handler';

@ApiTags('fields (admin)')
@ApiBearerAuth()
@Controller('api/v1/fields')
export class DeleteFieldController {
  constructor(private readonly handler: DeleteFieldHandler) {}

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
