import { Injectable } from '@nestjs/common';
import { ADDRESS_LIMITS, type SavedAddress } from '@loadout/contracts';
import { newAddress } from '../domain/address-book';
import { addressBookFull } from '../domain/address.errors';
import { AddressRepository } from '../domain/address-repository.port';
import { type AddAddressDto } from '../address.dto';

@Injectable()
export class AddAddressHandler {
  constructor(private readonly addresses: AddressRepository) {}

  async add(ownerId: string, input: AddAddressDto): Promise<SavedAddress> {
    const saved = await this.addresses.add(ownerId, newAddress(input), ADDRESS_LIMITS.perAccount);
    if (!saved) throw addressBookFull();
    return saved;
  }
}
