import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsIn, IsString, Length, Matches, MaxLength } from 'class-validator';
import { Omittable } from '@loadout/http';
import { MAX_PASSWORD_LENGTH } from '../domain/password-rule';
import { type SignUpInput, type SellerType } from '@loadout/contracts';

export class SignUpDto implements SignUpInput {
  @ApiProperty()
  @IsString()
  @Length(1, 120, { message: 'Full name must be 1 to 120 characters.' })
  @Matches(/\S/, { message: 'Full name is required.' })
  fullName!: string;

  @ApiProperty({ description: '3–30 of a-z 0-9 _ . (stored in lower case)' })
  @IsString()
  @MaxLength(60, { message: 'Username must be 3 to 30 characters.' })
  username!: string;

  @ApiProperty()
  @IsEmail({}, { message: 'Email must be a valid email address.' })
  @MaxLength(254, { message: 'Email must be at most 254 characters.' })
  email!: string;

  @ApiProperty({ minLength: 10 })
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH, {
    message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  })
  password!: string;

  @ApiPropertyOptional({ example: '1999-04-23' })
  @Omittable()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date of birth must be a date (YYYY-MM-DD).' })
  dateOfBirth?: string;

  @ApiProperty({ description: 'The 18+ declaration' }) @Omittable() @IsBoolean() over18?: boolean;
  @ApiProperty() @Omittable() @IsBoolean() acceptTerms?: boolean;
  @ApiProperty() @Omittable() @IsBoolean() acceptPrivacy?: boolean;

  @ApiPropertyOptional({ enum: ['private', 'trader'] })
  @Omittable()
  @IsIn(['private', 'trader'], { message: 'Seller type must be private or trader.' })
  sellerType?: SellerType;
}

export interface SignUpResponse {
  email: string;
  message: string;
}
