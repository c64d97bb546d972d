import { Body, Controller, Param, Patch, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type ListingDto } from '@loadout/contracts';
import { ListingInputDto } from '../create-listing/create-listing.dto';
import { UpdateListingHandler } from './update-listing.handler';

@ApiTags('listings')
@ApiBearerAuth()
@Controller('api/v1/listings')
export class UpdateListingController {
  constructor(private readonly handler: UpdateListingHandler) {}

  @Authenticated()
  @Patch(':id')
  @ApiOperation({ summary: 'Edit your draft or active listing (partial)' })
  update(
    @Param('id') id: string,
    @Body() body: ListingInputDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<ListingDto> {
    return this.handler.update(id, body, { user, requestId: String(req.id) });
  }
}
