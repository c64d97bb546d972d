import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type SavedAddress } from '@loadout/contracts';
import { AddressRepository } from '../domain/address-repository.port';

@ApiTags('addresses')
@ApiBearerAuth()
@Controller('api/v1/me/addresses')
export class ListAddressesController {
  constructor(private readonly addresses: AddressRepository) {}

  @Authenticated()
  @Get()
  @ApiOperation({ summary: 'Own address book, oldest first' })
  async list(@CurrentUser() user: AuthUser): Promise<{ items: SavedAddress[] }> {
    return { items: await this.addresses.list(user.id) };
  }
}
