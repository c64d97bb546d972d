import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { type SendMessageRequest } from '@loadout/contracts';
import { MultiLine } from '@loadout/http';

/** Length and blank checks live in the domain rule (one clear message for both). */
export class SendMessageDto implements SendMessageRequest {
  @ApiProperty({ maxLength: 2000 })
  @MultiLine()
  @IsString({ message: 'Please write a message before sending.' })
  content!: string;
}
