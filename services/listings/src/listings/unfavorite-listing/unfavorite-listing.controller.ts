import { Controller, Delete, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type FavoriteStateResponse } from '@loadout/contracts';
import { UnfavoriteListingHandler } from './unfavorite-listing.handler';

@ApiTags('favorites')
@ApiBearerAuth()
@Controller('api/v1/favorites')
export class UnfavoriteListingController {
  constructor(private readonly handler: UnfavoriteListingHandler) {}

  @Authenticated()
  @Delete(':listingId')
  @ApiOperation({ summary: 'Take a listing out of your favourites (idempotent)' })
  unfavorite(
    @Param('listingId') listingId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<FavoriteStateResponse> {
    return this.handler.unfavorite(user.id, listingId);
  }
}
