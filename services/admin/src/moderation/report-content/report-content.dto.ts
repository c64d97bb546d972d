import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsEmail, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  REPORT_REASONS,
  REPORT_SUBJECT_TYPES,
  type ReportReason,
  type ReportSubjectType,
  type SubmitReportRequest,
} from '@loadout/contracts';
import { MultiLine, Omittable } from '@loadout/http';

const ID_LIKE = /^[A-Za-z0-9_.-]{1,64}$/;

export class ReportContentDto implements SubmitReportRequest {
  @ApiProperty({ enum: REPORT_SUBJECT_TYPES })
  @IsIn(REPORT_SUBJECT_TYPES, { message: 'You can report a listing, a profile or a message.' })
  subjectType!: ReportSubjectType;

  @ApiProperty({ description: 'Listing id, username (profile) or message id' })
  @IsString()
  @Matches(ID_LIKE, { message: 'subjectId must be an id or a username.' })
  subjectId!: string;

  @ApiPropertyOptional({ description: "The message's conversation (message reports)" })
  @Omittable()
  @IsString()
  @Matches(ID_LIKE, { message: 'conversationId must be an id.' })
  conversationId?: string;

  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: 'Please choose a reason.' })
  reason!: ReportReason;

  @ApiProperty({ minLength: 10, maxLength: 2000 })
  @IsString()
  @MinLength(10, { message: 'Please explain what is wrong (at least 10 characters).' })
  @MaxLength(2000, { message: 'Details must be at most 2000 characters.' })
  @MultiLine()
  details!: string;

  @ApiPropertyOptional({ description: 'Required when signed out: where the receipt goes' })
  @Omittable()
  @IsEmail({}, { message: 'Please provide an email address' })
  @MaxLength(254, { message: 'Please provide an email address' })
  reporterEmail?: string;

  @ApiProperty({
    description: 'I declare this notice accurate and made in good faith',
    enum: [true],
  })
  @Equals(true, { message: 'Please confirm that your report is accurate and made in good faith.' })
  goodFaith!: true;
}
