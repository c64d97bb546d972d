import { Body, Controller, Delete, Param, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type ListingDto } from '@loadout/contracts';
import { RemoveListingDto } from './withdraw-listing.dto';
import { WithdrawListingHandler } from './withdraw-listing.handler';

@ApiTags('listings')
@ApiBearerAuth()
@Controller('api/v1/listings')
export class WithdrawListingController {
  constructor(private readonly handler: WithdrawListingHandler) {}

  @Authenticated()
  @Delete(':id')
  @ApiOperation({ summary: "Withdraw your listing; moderators remove others' with a reason" })
  remove(
    @Param('id') id: string,
    @Body() body: RemoveListingDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<ListingDto> {
    return this.handler.withdraw(id, body?.reason, { user, requestId: String(req.id) });
  }
}
