import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Omittable } from '@loadout/http';
import {
  DISPUTE_PHOTO_LIMITS,
  DISPUTE_REASONS,
  DISPUTE_WANTED_KINDS,
  type DisputeReason,
  type DisputeWantedKind,
  type OpenDisputeRequest,
  type DisputeWanted,
} from '@loadout/contracts';

export class DisputeWantedDto implements DisputeWanted {
  @ApiProperty({ enum: DISPUTE_WANTED_KINDS })
  @IsIn(DISPUTE_WANTED_KINDS, {
    message: 'Choose a full refund, a partial refund or a return and refund.',
  })
  kind!: DisputeWantedKind;

  @ApiPropertyOptional({ description: 'Partial refund only: cents back to you.' })
  @Omittable()
  @IsInt({ message: 'The amount is a whole number of cents.' })
  amountCents?: number;
}

export class OpenDisputeDto implements OpenDisputeRequest {
  @ApiProperty({ enum: DISPUTE_REASONS })
  @IsIn(DISPUTE_REASONS, { message: 'Choose what went wrong.' })
  reason!: DisputeReason;

  @ApiProperty({ maxLength: 2000 })
  @IsString({ message: 'Describe the problem.' })
  @Matches(/\S/, { message: 'Describe the problem.' })
  @MaxLength(2000, { message: 'Keep the description under 2,000 characters.' })
  description!: string;

  @ApiProperty({ type: DisputeWantedDto })
  @IsDefined({ message: 'Say what you want: a full refund, a partial refund or a return.' })
  @IsObject({ message: 'Say what you want: a full refund, a partial refund or a return.' })
  @ValidateNested()
  @Type(() => DisputeWantedDto)
  wanted!: DisputeWantedDto;

  @ApiPropertyOptional({
    type: [String],
    maxItems: DISPUTE_PHOTO_LIMITS.photosPerPost,
    description: 'Ids of your uploaded photos (POST /api/v1/orders/{id}/dispute-photos).',
  })
  @Omittable()
  @IsArray({ message: 'photoIds is a list of photo ids.' })
  @ArrayMaxSize(DISPUTE_PHOTO_LIMITS.photosPerPost, {
    message: `Add at most ${DISPUTE_PHOTO_LIMITS.photosPerPost} photos at a time.`,
  })
  @IsString({ each: true, message: 'photoIds is a list of photo ids.' })
  photoIds?: string[];
}
