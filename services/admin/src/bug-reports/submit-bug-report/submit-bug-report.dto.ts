import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { BUG_SEVERITIES, type BugSeverity, type SubmitBugReportRequest } from '@loadout/contracts';
import { MultiLine, Omittable } from '@loadout/http';

export class SubmitBugReportDto implements SubmitBugReportRequest {
  @ApiProperty({ maxLength: 5000 })
  @IsString({ message: 'Please describe the issue' })
  @MaxLength(5000, { message: 'The description must be at most 5000 characters.' })
  @MultiLine()
  description!: string;

  @ApiPropertyOptional({ enum: BUG_SEVERITIES, default: 'medium' })
  @Omittable()
  @IsIn(BUG_SEVERITIES, { message: 'Severity must be low, medium, high or critical.' })
  severity?: BugSeverity;

  @ApiPropertyOptional({ description: 'Required when signed out' })
  @Omittable()
  @IsEmail({}, { message: 'Please provide an email address' })
  @MaxLength(254, { message: 'Please provide an email address' })
  email?: string;

  @ApiPropertyOptional({ description: 'The page the bug was seen on' })
  @Omittable()
  @IsString()
  @MaxLength(2000, { message: 'The page address must be at most 2000 characters.' })
  pageUrl?: string;

  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @MaxLength(500, { message: 'The user agent must be at most 500 characters.' })
  userAgent?: string;
}
