import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type LedgerCheckView } from '@loadout/contracts';
import { LedgerRepository } from '../persistence/ledger.repository';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/ledger')
export class CheckLedgerController {
  constructor(private readonly ledger: LedgerRepository) {}

  @Roles('admin')
  @Get('check')
  @ApiOperation({ summary: 'Admins: every order sums to zero; held = paid-but-unreleased' })
  check(): Promise<LedgerCheckView> {
    return this.ledger.check();
  }
}
