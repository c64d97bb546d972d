import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type FavoriteIdsResponse, type ListingListResponse } from '@loadout/contracts';
import { PageQueryDto } from '../browse-listings/browse-listings.dto';
import { ListFavoritesQuery } from './list-favorites.query';

@ApiTags('favorites')
@ApiBearerAuth()
@Controller('api/v1/favorites')
export class ListFavoritesController {
  constructor(private readonly favorites: ListFavoritesQuery) {}

  @Authenticated()
  @Get()
  @ApiOperation({ summary: 'Your favourites, most recently added first (removed ones hidden)' })
  list(@Query() query: PageQueryDto, @CurrentUser() user: AuthUser): Promise<ListingListResponse> {
    return this.favorites.list(user.id, query.cursor, query.limit);
  }

  @Authenticated()
  @Get('ids')
  @ApiOperation({ summary: 'Ids of your favourites (up to 1000), for heart toggles' })
  ids(@CurrentUser() user: AuthUser): Promise<FavoriteIdsResponse> {
    return this.favorites.ids(user.id);
  }
}
