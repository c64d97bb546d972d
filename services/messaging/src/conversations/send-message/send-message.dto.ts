import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { MESSAGE_LIMITS, type SendMessageRequest } from '@loadout/contracts';
import { MultiLine } from '@loadout/http';

/**
 * Length and blank checks of the text, and every check of the photo ids (a list of at most 4
 * distinct ids), live in the domain rules `normaliseContent` and `photoIdsOf`: one clear
 * message for each, tested once.
 */
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
  imageIds?: string[];
}
