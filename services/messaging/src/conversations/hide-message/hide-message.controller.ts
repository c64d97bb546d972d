import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type HiddenMessageDto } from '@loadout/contracts';
import { HideMessageDto } from './hide-message.dto';
import { HideMessageHandler } from './hide-message.handler';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class HideMessageController {
  constructor(private readonly handler: HideMessageHandler) {}

  @Roles('admin')
  @Post(':id/messages/:messageId/hide')
  @HttpCode(200)
  @ApiOperation({ summary: 'Moderators hide a reported message (idempotent)' })
  hide(
    @Param('id') id: string,
    @Param('messageId') messageId: string,
    @Body() body: HideMessageDto,
  ): Promise<HiddenMessageDto> {
    return this.handler.hide(id, messageId, body.reason);
  }
}
