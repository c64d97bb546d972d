import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { PostDisputeMessageDto } from './post-dispute-message.dto';
import { PostDisputeMessageHandler } from './post-dispute-message.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/disputes')
export class PostDisputeMessageController {
  constructor(private readonly handler: PostDisputeMessageHandler) {}

  @Authenticated()
  @Post(':id/messages')
  @ApiOperation({ summary: 'Buyer, seller or admin: write in the dispute’s thread' })
  post(
    @Param('id') id: string,
    @Body() body: PostDisputeMessageDto,
    @CurrentUser() user: AuthUser,
  ): Promise<DisputeView> {
    return this.handler.post(id, body.body, user, body.photoIds);
  }
}
