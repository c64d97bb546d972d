import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Length } from 'class-validator';
import { MESSAGE_LIMITS, type SendMessageRequest } from '@loadout/contracts';
import { MultiLine } from '@loadout/http';

/** Length and blank checks live in the domain rules (one clear message for each). */
export class SendMessageDto implements SendMessageRequest {
  @ApiProperty({ maxLength: 2000 })
  @MultiLine()
  @IsString({ message: 'Please write a message before sending.' })
  content!: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MESSAGE_LIMITS.imagesPerMessage,
    description: 'Photos uploaded with POST /api/v1/conversations/{id}/images, not yet sent.',
  })
  @IsOptional()
  @IsArray({ message: 'imageIds must be a list of photo ids.' })
  @ArrayMaxSize(MESSAGE_LIMITS.imagesPerMessage, {
    message: `A message can carry at most ${MESSAGE_LIMITS.imagesPerMessage} photos.`,
  })
  @IsString({ each: true, message: 'Each photo id must be a string.' })
  @Length(21, 21, { each: true, message: 'Each photo id must be 21 characters.' })
  imageIds?: string[];
}
