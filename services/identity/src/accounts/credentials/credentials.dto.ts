import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from '../domain/password-rule';
import { type CredentialsRequest } from '@loadout/contracts';

/** Email and password: the seed's resend "signs in, sends, signs out". */
export class CredentialsDto implements CredentialsRequest {
  @ApiProperty()
  @IsEmail({}, { message: 'Email must be a valid email address.' })
  @MaxLength(254, { message: 'Email must be at most 254 characters.' })
  email!: string;

  @ApiProperty()
  @IsString()
  @Length(1, MAX_PASSWORD_LENGTH, { message: 'Password is required.' })
  password!: string;
}
