import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, ValidateNested } from 'class-validator';
import { type DecideAppealRequest } from '@loadout/contracts';
import { StatementDto } from '../statement.dto';

export class DecideAppealDto implements DecideAppealRequest {
  @ApiProperty({ enum: ['upheld', 'reversed'] })
  @IsIn(['upheld', 'reversed'], { message: 'The outcome is upheld or reversed.' })
  outcome!: 'upheld' | 'reversed';

  @ApiProperty({ type: StatementDto })
  @IsObject()
  @ValidateNested()
  @Type(() => StatementDto)
  statement!: StatementDto;
}
