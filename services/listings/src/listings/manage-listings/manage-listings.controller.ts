import { Body, Controller, Delete, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser, Roles } from '@loadout/auth';
import { type ListingDto } from '@loadout/contracts';
import { ListingInputDto, RemoveListingDto, SetFeaturedDto } from './manage-listings.dto';
import { ManageListingsHandler } from './manage-listings.handler';

@ApiTags('listings')
@ApiBearerAuth()
@Controller('api/v1/listings')
export class ManageListingsController {
  constructor(private readonly handler: ManageListingsHandler) {}

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

  @Authenticated()
  @Post(':id/publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish your draft (every field required)' })
  publish(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<ListingDto> {
    return this.handler.publish(id, { user, requestId: String(req.id) });
  }

  @Authenticated()
  @Delete(':id')
  @ApiOperation({ summary: "Withdraw your listing; moderators remove others' with a reason" })
  remove(
    @Param('id') id: string,
    @Body() body: RemoveListingDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<ListingDto> {
    return this.handler.remove(id, body?.reason, { user, requestId: String(req.id) });
  }

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
