import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length, Matches } from 'class-validator';
import {
  SUSPENSION_DURATIONS,
  type SuspendUserRequest,
  type SuspensionDuration,
} from '@loadout/contracts';

export class SuspendUserDto implements SuspendUserRequest {
  @ApiProperty({ enum: SUSPENSION_DURATIONS })
  @IsIn(SUSPENSION_DURATIONS, { message: 'Duration must be 7d, 30d or permanent.' })
  duration!: SuspensionDuration;

  @ApiProperty({ minLength: 5, maxLength: 500 })
  @IsString()
  @Length(5, 500, { message: 'Reason must be 5 to 500 characters.' })
  @Matches(/\S/, { message: 'Reason cannot be blank.' })
  reason!: string;
}
