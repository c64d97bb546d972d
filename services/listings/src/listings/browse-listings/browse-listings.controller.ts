import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser, OptionalUser, Public } from '@loadout/auth';
import {
  type FeaturedListingsResponse,
  type ListingListResponse,
  type ListingStatsResponse,
} from '@loadout/contracts';
import { ListingSearchQueryDto, MyListingsQueryDto } from './browse-listings.dto';
import { parseBrowseQuery } from '../domain/browse-query';
import { BrowseListingsQuery } from './browse-listings.query';

@ApiTags('listings')
@Controller('api/v1/listings')
export class BrowseListingsController {
  constructor(private readonly query: BrowseListingsQuery) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Search and browse active listings (filters, sorts, keyset pages)' })
  // Documented by the DTO; parsed by hand (parseBrowseQuery) on this hot path.
  @ApiQuery({ type: ListingSearchQueryDto })
  list(
    @Query() query: Record<string, unknown>,
    @OptionalUser() user: AuthUser | null,
  ): Promise<ListingListResponse> {
    return this.query.list(parseBrowseQuery(query), user === null);
  }

  @Public()
  @Get('featured')
  @ApiOperation({ summary: 'Up to 6: admin-featured first, then the newest with photos' })
  featured(): Promise<FeaturedListingsResponse> {
    return this.query.featured();
  }

  @Public()
  @Get('stats')
  stats(): Promise<ListingStatsResponse> {
    return this.query.stats();
  }

  @Authenticated()
  @ApiBearerAuth()
  @Get('mine')
  @ApiOperation({ summary: "The caller's listings of every status, recently changed first" })
  mine(
    @Query() query: MyListingsQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ListingListResponse> {
    return this.query.mine(user.id, query.status, query.cursor, query.limit);
  }
}
