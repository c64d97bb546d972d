import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { type ReinstateUserRequest } from '@loadout/contracts';

export class ReinstateUserDto implements ReinstateUserRequest {
  @ApiProperty({ minLength: 5, maxLength: 500 })
  @IsString()
  @Length(5, 500, { message: 'Reason must be 5 to 500 characters.' })
  @Matches(/\S/, { message: 'Reason cannot be blank.' })
  reason!: string;
}
