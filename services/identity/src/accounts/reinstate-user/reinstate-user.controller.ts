import { Body, Controller, Delete, Param, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthUser } from '@loadout/auth';
import { type AdminUser } from '@loadout/contracts';
import { ReinstateUserDto } from './reinstate-user.dto';
import { ReinstateUserHandler } from './reinstate-user.handler';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/users')
export class ReinstateUserController {
  constructor(private readonly handler: ReinstateUserHandler) {}

  // The reason travels in the reinstated event (the admin service's audit log records it).
  @Roles('admin')
  @Delete(':id/suspension')
  @ApiOperation({ summary: 'Lift an account’s suspension (admin); idempotent' })
  reinstate(
    @Param('id') id: string,
    @Body() body: ReinstateUserDto,
    @CurrentUser() admin: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<AdminUser> {
    return this.handler.reinstate(id, body.reason, { id: admin.id, requestId: String(req.id) });
  }
}
