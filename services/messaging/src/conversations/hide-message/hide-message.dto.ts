import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { type HideMessageRequest } from '@loadout/contracts';
import { MultiLine } from '@loadout/http';

export class HideMessageDto implements HideMessageRequest {
  @ApiProperty({ minLength: 3, maxLength: 500 })
  @IsString()
  @MinLength(3, { message: 'Give the reason for hiding the message.' })
  @MaxLength(500, { message: 'The reason must be at most 500 characters.' })
  @MultiLine()
  reason!: string;
}
