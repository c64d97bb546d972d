import { newId } from '@loadout/db/keys';
import { belongsTo, disputePhotoKeys, photoIdsOf } from './dispute-photos';

describe('dispute photos (ADR 0037)', () => {
  it('takes no ids as none, and up to five distinct ids', () => {
    expect(photoIdsOf(undefined)).toEqual([]);
    expect(photoIdsOf(null)).toEqual([]);
    const five = Array.from({ length: 5 }, newId);
    expect(photoIdsOf(five)).toEqual(five);
  });

  it('refuses a sixth photo, a repeated id, a non-id and a non-array', () => {
    const six = Array.from({ length: 6 }, newId);
    expect(() => photoIdsOf(six)).toThrow(
      expect.objectContaining({ code: 'DISPUTES.TOO_MANY_PHOTOS' }),
    );
    const id = newId();
    for (const bad of [[id, id], ['../x'], [42], 'abc', { id }])
      expect(() => photoIdsOf(bad)).toThrow(
        expect.objectContaining({ code: 'DISPUTES.PHOTO_NOT_FOUND' }),
      );
  });

  it('serves a photo only through the dispute it is attached to', () => {
    expect(belongsTo({ disputeId: 'd1' }, 'd1')).toBe(true);
    expect(belongsTo({ disputeId: 'd2' }, 'd1')).toBe(false);
    expect(belongsTo({ disputeId: null }, 'd1')).toBe(false);
  });

  it('keeps the files under the order, as plain object keys', () => {
    expect(disputePhotoKeys('o1', 'p1')).toEqual({
      large: 'disputes/o1/p1.webp',
      thumb: 'disputes/o1/p1-thumb.webp',
    });
  });
});
