import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { type AppealRequest } from '@loadout/contracts';
import { MultiLine } from '@loadout/http';

export class AppealDecisionDto implements AppealRequest {
  @ApiProperty({ minLength: 10, maxLength: 5000 })
  @IsString()
  @MinLength(10, { message: 'Please explain why the decision is wrong (at least 10 characters).' })
  @MaxLength(5000, { message: 'The appeal must be at most 5000 characters.' })
  @MultiLine()
  statement!: string;
}
