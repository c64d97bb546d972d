import { Controller, Param, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type FavoriteStateResponse } from '@loadout/contracts';
import { FavoriteListingHandler } from './favorite-listing.handler';

@ApiTags('favorites')
@ApiBearerAuth()
@Controller('api/v1/favorites')
export class FavoriteListingController {
  constructor(private readonly handler: FavoriteListingHandler) {}

  @Authenticated()
  @Put(':listingId')
  @ApiOperation({ summary: 'Favourite a listing (idempotent); the seller is told once a day' })
  favorite(
    @Param('listingId') listingId: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<FavoriteStateResponse> {
    return this.handler.favorite(user.id, listingId, String(req.id));
  }
}
