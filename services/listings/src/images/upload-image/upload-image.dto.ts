import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  LISTING_LIMITS,
  type CompleteUploadRequest,
  type UploadRequest,
  type UploadedPart,
} from '@loadout/contracts';

export class UploadRequestDto implements UploadRequest {
  @ApiProperty({ example: 'rifle-left.jpg' })
  @IsString()
  @Length(1, 255, { message: 'File name must be 1 to 255 characters.' })
  fileName!: string;

  @ApiProperty({ enum: LISTING_LIMITS.imageContentTypes })
  @IsIn(LISTING_LIMITS.imageContentTypes, { message: 'Photos must be JPEG, PNG or WebP images.' })
  contentType!: string;

  @ApiProperty({ minimum: 1, maximum: LISTING_LIMITS.imageMaxBytes })
  @IsInt({ message: 'Size must be a whole number of bytes.' })
  @Min(1, { message: 'This file is empty.' })
  @Max(LISTING_LIMITS.imageMaxBytes, { message: 'Photos can be at most 10 MB.' })
  sizeBytes!: number;
}

export class UploadedPartDto implements UploadedPart {
  @ApiProperty({ minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(10_000)
  partNumber!: number;

  @ApiProperty({ description: 'The ETag header of the part PUT' })
  @IsString()
  @Length(1, 200)
  etag!: string;
}

export class CompleteUploadDto implements CompleteUploadRequest {
  @ApiProperty({ type: [UploadedPartDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'List the uploaded parts.' })
  @ArrayMaxSize(10_000)
  @ValidateNested({ each: true })
  @Type(() => UploadedPartDto)
  parts!: UploadedPartDto[];
}
