import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Roles } from '@loadout/auth';
import { type ListingDto } from '@loadout/contracts';
import { SetFeaturedDto } from './feature-listing.dto';
import { FeatureListingHandler } from './feature-listing.handler';

@ApiTags('listings')
@ApiBearerAuth()
@Controller('api/v1/listings')
export class FeatureListingController {
  constructor(private readonly handler: FeatureListingHandler) {}

  @Roles('admin')
  @Put(':id/featured')
  @ApiOperation({ summary: 'Admin: feature or unfeature an active listing' })
  setFeatured(
    @Param('id') id: string,
    @Body() body: SetFeaturedDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<ListingDto> {
    return this.handler.setFeatured(id, body.featured, { user, requestId: String(req.id) });
  }
}
