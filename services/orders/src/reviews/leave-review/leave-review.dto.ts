import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Nullable } from '@loadout/http';
import {
  REVIEW_COMMENT_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  type LeaveReviewRequest,
} from '@loadout/contracts';

export class LeaveReviewDto implements LeaveReviewRequest {
  @ApiProperty({ minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX })
  @IsInt({ message: 'Choose a rating from 1 to 5 stars.' })
  @Min(REVIEW_RATING_MIN, { message: 'Choose a rating from 1 to 5 stars.' })
  @Max(REVIEW_RATING_MAX, { message: 'Choose a rating from 1 to 5 stars.' })
  rating!: number;

  @ApiPropertyOptional({ maxLength: REVIEW_COMMENT_MAX, nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(REVIEW_COMMENT_MAX, { message: 'A comment can be at most 1,000 characters.' })
  comment?: string | null;
}
