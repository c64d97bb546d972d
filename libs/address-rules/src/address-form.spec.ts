import {
  addressFormErrors,
  addressFormValues,
  addressInput,
  emptyAddressForm,
  formatAddressLine,
} from './address-form';

const filled = {
  ...emptyAddressForm(),
  name: 'Aoife Byrne',
  line1: '12 Main Street',
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'n37x2c4',
};

describe('address form helpers', () => {
  it('names each empty required field with the services’ words', () => {
    expect(addressFormErrors(emptyAddressForm())).toEqual({
      name: 'Name is required.',
      line1: 'Address line 1 is required.',
      town: 'Town is required.',
      county: 'County must be one of the 26 counties.',
      eircode: expect.stringMatching(/^Enter a valid Eircode/),
    });
  });

  it('has no errors for a valid address and sends empty optional fields as null', () => {
    expect(addressFormErrors(filled)).toEqual({});
    expect(addressInput(filled)).toMatchObject({ line2: null, phone: null });
  });

  it('round-trips a saved address and formats it on one line', () => {
    const saved = {
      name: 'Aoife Byrne',
      line1: '12 Main Street',
      line2: 'Apartment 4',
      town: 'Athlone',
      county: 'Westmeath' as const,
      eircode: 'N37 X2C4',
      phone: null,
    };
    expect(addressFormValues(saved)).toMatchObject({ line2: 'Apartment 4', phone: '' });
    expect(formatAddressLine(saved)).toBe(
      '12 Main Street, Apartment 4, Athlone, Co. Westmeath, N37 X2C4',
    );
  });
});
