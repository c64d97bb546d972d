import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { REVIEW_REPLY_MAX, type ReplyToReviewRequest } from '@loadout/contracts';

export class ReplyToReviewDto implements ReplyToReviewRequest {
  @ApiProperty({ minLength: 1, maxLength: REVIEW_REPLY_MAX })
  @IsString()
  @MinLength(1, { message: 'Write a reply.' })
  @MaxLength(REVIEW_REPLY_MAX, { message: 'A reply can be at most 1,000 characters.' })
  text!: string;
}
