import { photoIdsOf } from './message-images';

const id = (c: string) => c.repeat(21);

describe('photoIdsOf', () => {
  it('reads no photos from an absent list', () => {
    expect(photoIdsOf(undefined)).toEqual([]);
    expect(photoIdsOf(null)).toEqual([]);
    expect(photoIdsOf([])).toEqual([]);
  });

  it('keeps up to four distinct ids in their order', () => {
    expect(photoIdsOf([id('b'), id('a'), id('c'), id('d')])).toEqual([
      id('b'),
      id('a'),
      id('c'),
      id('d'),
    ]);
  });

  it('refuses a fifth photo with the limit in words', () => {
    expect(() => photoIdsOf(['a', 'b', 'c', 'd', 'e'].map(id))).toThrow(
      'A message can carry at most 4 photos.',
    );
  });

  it.each([
    ['a string', 'abc'],
    ['numbers', [1, 2]],
    ['a repeated id', [id('a'), id('a')]],
    ['a path', ['../../etc/passwd']],
    ['an object', { 0: id('a') }],
  ])('refuses %s as a photo that cannot be found', (_, raw) => {
    expect(() => photoIdsOf(raw)).toThrow(
      expect.objectContaining({ code: 'MESSAGING.PHOTO_NOT_FOUND' }),
    );
  });
});
