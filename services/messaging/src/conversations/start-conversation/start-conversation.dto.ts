import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { Omittable } from '@loadout/http';
import { type StartConversationRequest } from '@loadout/contracts';

export class StartConversationDto implements StartConversationRequest {
  @ApiPropertyOptional({
    description: 'The other user; optional when listingId is given (its seller).',
  })
  @Omittable()
  @IsString()
  @Length(1, 64, { message: 'recipientId must be a user id.' })
  recipientId?: string;

  @ApiPropertyOptional({ description: 'The listing the conversation is about.' })
  @Omittable()
  @Matches(/^[A-Za-z0-9_-]{21}$/, { message: 'listingId must be a listing id.' })
  listingId?: string;
}
