import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from '../domain/password-rule';
import { type PasswordResetRequest, type PasswordResetConfirmation } from '@loadout/contracts';

export class RequestPasswordResetDto implements PasswordResetRequest {
  @ApiProperty()
  @IsEmail({}, { message: 'Email must be a valid email address.' })
  @MaxLength(254, { message: 'Email must be at most 254 characters.' })
  email!: string;
}

export class ConfirmPasswordResetDto implements PasswordResetConfirmation {
  @ApiProperty({ description: 'The token from the link in the reset email' })
  @IsString()
  @Length(1, 200, { message: 'The reset token is missing.' })
  token!: string;

  @ApiProperty({ minLength: 10 })
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH, {
    message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  })
  password!: string;
}
