import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { type AdminUser } from '@loadout/contracts';
import { SuspendUserDto } from './suspend-user.dto';
import { SuspendUserHandler } from './suspend-user.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/users')
export class SuspendUserController {
  constructor(private readonly handler: SuspendUserHandler) {}

  @Roles('admin')
  @Post(':id/suspension')
  @ApiOperation({ summary: 'Suspend an account for 7 days, 30 days or permanently (admin)' })
  suspend(
    @Param('id') id: string,
    @Body() body: SuspendUserDto,
    @CurrentUser() admin: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<AdminUser> {
    return this.handler.suspend(id, body, { id: admin.id, requestId: String(req.id) });
  }
}
