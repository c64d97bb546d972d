import { Controller, Delete, Get, Param, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import {
  type FavoriteIdsResponse,
  type FavoriteStateResponse,
  type ListingListResponse,
} from '@loadout/contracts';
import { PageQueryDto } from '../browse-listings/browse-listings.dto';
import { FavoritesHandler } from './favorites.handler';

@ApiTags('favorites')
@ApiBearerAuth()
@Controller('api/v1/favorites')
export class FavoritesController {
  constructor(private readonly handler: FavoritesHandler) {}

  @Authenticated()
  @Get()
  @ApiOperation({ summary: 'Your favourites, most recently added first (removed ones hidden)' })
  list(@Query() query: PageQueryDto, @CurrentUser() user: AuthUser): Promise<ListingListResponse> {
    return this.handler.list(user.id, query.cursor, query.limit);
  }

  @Authenticated()
  @Get('ids')
  @ApiOperation({ summary: 'Ids of your favourites (up to 1000), for heart toggles' })
  ids(@CurrentUser() user: AuthUser): Promise<FavoriteIdsResponse> {
    return this.handler.ids(user.id);
  }

  @Authenticated()
  @Put(':listingId')
  add(
    @Param('listingId') listingId: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<FavoriteStateResponse> {
    return this.handler.add(user.id, listingId, String(req.id));
  }

  @Authenticated()
  @Delete(':listingId')
  remove(
    @Param('listingId') listingId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<FavoriteStateResponse> {
    return this.handler.remove(user.id, listingId);
  }
}
