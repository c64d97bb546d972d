import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '@loadout/http';
import { DISPUTE_PHOTO_LIMITS, type PostDisputeMessageRequest } from '@loadout/contracts';

export class PostDisputeMessageDto implements PostDisputeMessageRequest {
  @ApiProperty({ maxLength: 2000 })
  @IsString({ message: 'Write a message.' })
  @Matches(/\S/, { message: 'Write a message.' })
  @MaxLength(2000, { message: 'Keep the message under 2,000 characters.' })
  body!: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: DISPUTE_PHOTO_LIMITS.photosPerPost,
    description: 'Ids of your uploaded photos (POST /api/v1/orders/{id}/dispute-photos).',
  })
  @Omittable()
  @IsArray({ message: 'photoIds is a list of photo ids.' })
  @ArrayMaxSize(DISPUTE_PHOTO_LIMITS.photosPerPost, {
    message: `Add at most ${DISPUTE_PHOTO_LIMITS.photosPerPost} photos at a time.`,
  })
  @IsString({ each: true, message: 'photoIds is a list of photo ids.' })
  photoIds?: string[];
}
