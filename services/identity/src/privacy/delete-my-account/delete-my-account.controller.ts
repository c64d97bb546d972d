import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type DeleteAccountResult } from '@loadout/contracts';
import { bearerOf } from '../platform/platform-services';
import { DeleteAccountDto } from './delete-my-account.dto';
import { DeleteMyAccountHandler } from './delete-my-account.handler';

@ApiTags('privacy')
@ApiBearerAuth()
@Controller('api/v1/me')
export class DeleteMyAccountController {
  constructor(private readonly handler: DeleteMyAccountHandler) {}

  /** Only ever the caller's own account: there is no id to choose. */
  @Authenticated()
  @Post('deletion')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Delete my account (GDPR art. 17): refused while an order holds money, a dispute or an offer is open',
  })
  delete(
    @CurrentUser() user: AuthUser,
    @Body() body: DeleteAccountDto,
    @Req() req: FastifyRequest,
  ): Promise<DeleteAccountResult> {
    return this.handler.delete(user.id, body, bearerOf(req.headers), String(req.id));
  }
}
