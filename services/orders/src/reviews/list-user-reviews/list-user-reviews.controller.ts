import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { type UserReviewsPage } from '@loadout/contracts';
import { ListUserReviewsQueryDto } from './list-user-reviews.dto';
import { ListUserReviewsQuery } from './list-user-reviews.query';

@ApiTags('reviews')
@Controller('api/v1/users')
export class ListUserReviewsController {
  constructor(private readonly query: ListUserReviewsQuery) {}

  /** Public: only published reviews are ever read here. */
  @Public()
  @Get(':userId/reviews')
  @ApiOperation({ summary: "A user's published reviews, newest first, and their rating summary" })
  list(
    @Param('userId') userId: string,
    @Query() q: ListUserReviewsQueryDto,
  ): Promise<UserReviewsPage> {
    return this.query.list(userId, q.cursor, q.limit ?? 20);
  }
}
