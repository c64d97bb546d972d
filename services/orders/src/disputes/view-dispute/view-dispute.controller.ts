import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { ViewDisputeQuery } from './view-dispute.query';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/disputes')
export class ViewDisputeController {
  constructor(private readonly query: ViewDisputeQuery) {}

  @Authenticated()
  @Get(':id')
  @ApiOperation({ summary: 'The dispute and its thread (its parties and admins; others 404)' })
  view(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<DisputeView> {
    return this.query.view(id, user);
  }
}
