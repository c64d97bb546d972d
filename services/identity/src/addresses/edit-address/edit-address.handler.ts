import { Injectable } from '@nestjs/common';
import { type SavedAddress } from '@loadout/contracts';
import { editedAddress } from '../domain/address-book';
import { addressNotFound } from '../domain/address.errors';
import { AddressRepository } from '../domain/address-repository.port';
import { type EditAddressDto } from '../address.dto';

@Injectable()
export class EditAddressHandler {
  constructor(private readonly addresses: AddressRepository) {}

  async edit(ownerId: string, id: string, patch: EditAddressDto): Promise<SavedAddress> {
    const current = await this.addresses.find(ownerId, id);
    if (!current) throw addressNotFound();
    const saved = await this.addresses.update(ownerId, id, editedAddress(current, patch));
    if (!saved) throw addressNotFound();
    return saved;
  }
}
