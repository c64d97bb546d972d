import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type ListingDto } from '@loadout/contracts';
import { ListingInputDto } from './create-listing.dto';
import { CreateListingHandler } from './create-listing.handler';

@ApiTags('listings')
@ApiBearerAuth()
@Controller('api/v1/listings')
export class CreateListingController {
  constructor(private readonly handler: CreateListingHandler) {}

  @Authenticated()
  @Post()
  @ApiOperation({ summary: 'Create a draft, or publish at once with `publish: true`' })
  create(
    @Body() body: ListingInputDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<ListingDto> {
    return this.handler.create(body, { user, requestId: String(req.id) });
  }
}
