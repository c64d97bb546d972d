import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import {
  DECISION_GROUNDS,
  type DecisionGround,
  type StatementOfReasonsInput,
} from '@loadout/contracts';
import { MultiLine, Omittable } from '@loadout/http';

/** The admin's part of a statement of reasons (the service adds how to appeal). */
export class StatementDto implements StatementOfReasonsInput {
  @ApiProperty({ minLength: 10, maxLength: 5000 })
  @IsString()
  @MinLength(10, { message: 'State the facts the decision rests on (at least 10 characters).' })
  @MaxLength(5000, { message: 'Facts must be at most 5000 characters.' })
  @MultiLine()
  facts!: string;

  @ApiProperty({ enum: DECISION_GROUNDS })
  @IsIn(DECISION_GROUNDS, { message: 'The ground is the law or our terms.' })
  groundType!: DecisionGround;

  @ApiProperty({ minLength: 3, maxLength: 500, description: 'The law or terms clause relied on' })
  @IsString()
  @MinLength(3, { message: 'Name the law or terms clause relied on.' })
  @MaxLength(500, { message: 'The ground must be at most 500 characters.' })
  ground!: string;

  @ApiPropertyOptional({ default: false })
  @Omittable()
  @IsBoolean()
  automated?: boolean;
}
