import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUrl, Length, Matches, MaxLength } from 'class-validator';
import {
  IRISH_COUNTIES,
  type ProfileUpdate,
  type IrishCounty,
  type SellerType,
} from '@loadout/contracts';
import { MultiLine, Nullable, Omittable } from '@loadout/http';

/** `PATCH me`: only the fields a user may change themselves. */
export class UpdateProfileDto implements ProfileUpdate {
  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @Length(1, 60, { message: 'Display name must be 1 to 60 characters.' })
  @Matches(/\S/, { message: 'Display name cannot be blank.' })
  displayName?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(500, { message: 'Bio must be at most 500 characters.' })
  @MultiLine()
  bio?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(100, { message: 'Location must be at most 100 characters.' })
  location?: string;

  @ApiPropertyOptional({ enum: IRISH_COUNTIES, nullable: true })
  @Nullable()
  @IsIn(IRISH_COUNTIES, { message: 'County must be one of the 26 counties.' })
  county?: IrishCounty | null;

  @ApiPropertyOptional({ enum: ['private', 'trader'] })
  @Omittable()
  @IsIn(['private', 'trader'], { message: 'Seller type must be private or trader.' })
  sellerType?: SellerType;

  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsUrl(
    { protocols: ['https'], require_protocol: true },
    { message: 'Avatar must be an https:// address.' },
  )
  @MaxLength(500, { message: 'Avatar address must be at most 500 characters.' })
  avatarUrl?: string | null;
}
