import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { ViewOfferQuery } from './view-offer.query';

@ApiTags('offers')
@ApiBearerAuth()
@Controller('api/v1/offers')
export class ViewOfferController {
  constructor(private readonly query: ViewOfferQuery) {}

  @Authenticated()
  @Get(':id')
  @ApiOperation({ summary: 'One offer with its steps (its buyer and seller; anyone else 404)' })
  view(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<OfferView> {
    return this.query.view(id, user);
  }
}
