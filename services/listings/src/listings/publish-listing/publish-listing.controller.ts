import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type ListingDto } from '@loadout/contracts';
import { PublishListingHandler } from './publish-listing.handler';

@ApiTags('listings')
@ApiBearerAuth()
@Controller('api/v1/listings')
export class PublishListingController {
  constructor(private readonly handler: PublishListingHandler) {}

  @Authenticated()
  @Post(':id/publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish your draft (every field required)' })
  publish(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<ListingDto> {
    return this.handler.publish(id, { user, requestId: String(req.id) });
  }
}
