import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { type PostDisputeMessageRequest } from '@loadout/contracts';

export class PostDisputeMessageDto implements PostDisputeMessageRequest {
  @ApiProperty({ maxLength: 2000 })
  @IsString({ message: 'Write a message.' })
  @Matches(/\S/, { message: 'Write a message.' })
  @MaxLength(2000, { message: 'Keep the message under 2,000 characters.' })
  body!: string;
}
