import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type ReviewView } from '@loadout/contracts';
import { ReplyToReviewDto } from './reply-to-review.dto';
import { ReplyToReviewHandler } from './reply-to-review.handler';

@ApiTags('reviews')
@ApiBearerAuth()
@Controller('api/v1/reviews')
export class ReplyToReviewController {
  constructor(private readonly handler: ReplyToReviewHandler) {}

  @Authenticated()
  @Post(':id/reply')
  @HttpCode(200)
  @ApiOperation({ summary: 'The reviewed seller: reply once, publicly, to a published review' })
  reply(
    @Param('id') id: string,
    @Body() body: ReplyToReviewDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ReviewView> {
    return this.handler.reply(id, body.text, user);
  }
}
