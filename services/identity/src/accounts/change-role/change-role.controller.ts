import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { type AdminUser } from '@loadout/contracts';
import { ChangeRoleDto } from './change-role.dto';
import { ChangeRoleHandler } from './change-role.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/users')
export class ChangeRoleController {
  constructor(private readonly handler: ChangeRoleHandler) {}

  @Roles('admin')
  @Put(':id/role')
  @ApiOperation({ summary: 'Grant or revoke the admin role (admin)' })
  change(
    @Param('id') id: string,
    @Body() body: ChangeRoleDto,
    @CurrentUser() admin: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<AdminUser> {
    return this.handler.change(id, body, { id: admin.id, requestId: String(req.id) });
  }
}
