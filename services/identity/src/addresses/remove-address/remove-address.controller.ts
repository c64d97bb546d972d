import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { addressNotFound } from '../domain/address.errors';
import { AddressRepository } from '../domain/address-repository.port';

@ApiTags('addresses')
@ApiBearerAuth()
@Controller('api/v1/me/addresses')
export class RemoveAddressController {
  constructor(private readonly addresses: AddressRepository) {}

  /** Owner only: another user's id answers 404 like an unknown one. */
  @Authenticated()
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an own address; existing orders keep their snapshot' })
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    if (!(await this.addresses.remove(user.id, id))) throw addressNotFound();
  }
}
