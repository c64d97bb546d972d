import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class VerifyEmailDto {
  @ApiProperty({ description: 'The token from the link in the verification email' })
  @IsString()
  @Length(1, 200, { message: 'The verification token is missing.' })
  token!: string;
}
