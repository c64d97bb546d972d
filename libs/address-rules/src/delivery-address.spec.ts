import { checkDeliveryAddress } from './delivery-address';

const valid = {
  name: ' Aoife Byrne ',
  line1: '12 Main Street',
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'n37 x2c4',
};

describe('checkDeliveryAddress', () => {
  it('trims the text, normalises the Eircode and turns absent optional fields into null', () => {
    expect(checkDeliveryAddress({ ...valid, line2: '  ', phone: '' })).toEqual({
      ok: true,
      address: {
        name: 'Aoife Byrne',
        line1: '12 Main Street',
        line2: null,
        town: 'Athlone',
        county: 'Westmeath',
        eircode: 'N37 X2C4',
        phone: null,
      },
    });
  });

  it('keeps line 2 and an Irish or international phone number', () => {
    const r = checkDeliveryAddress({ ...valid, line2: 'Apartment 4', phone: '+353 87 123 4567' });
    expect(r.ok && r.address.line2).toBe('Apartment 4');
    expect(r.ok && r.address.phone).toBe('+353 87 123 4567');
  });

  it('names every missing required field', () => {
    const r = checkDeliveryAddress({});
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.map((p) => p.field)).toEqual([
      'name',
      'line1',
      'town',
      'county',
      'eircode',
    ]);
  });

  it('refuses a county outside the 26 (Antrim) and a wrongly cased one', () => {
    for (const county of ['Antrim', 'dublin']) {
      const r = checkDeliveryAddress({ ...valid, county });
      expect(!r.ok && r.problems).toEqual([
        { field: 'county', messages: ['County must be one of the 26 counties.'] },
      ]);
    }
  });

  it('refuses an invalid Eircode with the format in the message', () => {
    const r = checkDeliveryAddress({ ...valid, eircode: 'D02 XO85' });
    expect(!r.ok && r.problems[0]?.field).toBe('eircode');
    expect(!r.ok && r.problems[0]?.messages[0]).toMatch(/D02 X285/);
  });

  it('refuses a phone number with letters, too long fields and line breaks', () => {
    const r = checkDeliveryAddress({
      ...valid,
      phone: 'call me',
      name: 'x'.repeat(101),
      line1: 'one\ntwo',
    });
    expect(!r.ok && r.problems.map((p) => p.field).sort()).toEqual(['line1', 'name', 'phone']);
  });

  it('counts values that are not strings as missing', () => {
    const r = checkDeliveryAddress({ ...valid, name: 42, eircode: ['D02 X285'] });
    expect(!r.ok && r.problems.map((p) => p.field)).toEqual(['name', 'eircode']);
  });
});
