import { Controller, Delete, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { BlockUserHandler } from './block-user.handler';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class BlockUserController {
  constructor(private readonly handler: BlockUserHandler) {}

  /** Blocks the other participant (idempotent). */
  @Authenticated()
  @Put(':id/block')
  @HttpCode(204)
  async block(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<void> {
    await this.handler.block(id, user.id);
  }

  @Authenticated()
  @Delete(':id/block')
  @HttpCode(204)
  async unblock(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<void> {
    await this.handler.unblock(id, user.id);
  }
}
