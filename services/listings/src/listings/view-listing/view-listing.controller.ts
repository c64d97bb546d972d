import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, OptionalUser, Public } from '@loadout/auth';
import { type ListingDto } from '@loadout/contracts';
import { ViewListingQuery } from './view-listing.query';

@ApiTags('listings')
@Controller('api/v1/listings')
export class ViewListingController {
  constructor(private readonly query: ViewListingQuery) {}

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'One listing with photos and seller; drafts only for their owner' })
  get(@Param('id') id: string, @OptionalUser() user: AuthUser | null): Promise<ListingDto> {
    return this.query.get(id, user);
  }
}
