import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { type VerifyEmailRequest } from '@loadout/contracts';

export class VerifyEmailDto implements VerifyEmailRequest {
  @ApiProperty({ description: 'The token from the link in the verification email' })
  @IsString()
  @Length(1, 200, { message: 'The verification token is missing.' })
  token!: string;
}
