import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsString } from 'class-validator';
import { MESSAGE_LIMITS, type SendMessageRequest } from '@loadout/contracts';
import { MultiLine, Omittable } from '@loadout/http';

/**
 * The DTO checks types only (text, and photo ids as a list). Length and blank checks of the
 * text, and the photo ids' own rules (at most 4 distinct ids), live in the domain rules
 * `normaliseContent` and `photoIdsOf`: one clear message for each, tested once.
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
  @Omittable()
  @IsArray({ message: 'Photos must be a list of photo ids.' })
  imageIds?: string[];
}

/**
 * The send bodies `SendMessageDto` takes exactly as they are, recognised without the pipe
 * (the socket's hot path, `validateBody`'s `takesAsIs`): `content` text and, if present,
 * `imageIds` a list, with no other field. Anything else goes through the pipe.
 */
export function isPlainSendMessage(value: unknown): value is SendMessageDto {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const body = value as Record<string, unknown>;
  for (const key in body) if (key !== 'content' && key !== 'imageIds') return false;
  return (
    typeof body.content === 'string' && (!('imageIds' in body) || Array.isArray(body.imageIds))
  );
}
