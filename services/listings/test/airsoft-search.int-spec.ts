import 'reflect-metadata';
import {
  type ListingDto,
  type ListingInput,
  type ListingListResponse,
  type SearchSuggestionsResponse,
} from '@loadout/contracts';
import { type ErrorBody, useListingsApp } from './support/listings-harness';

describe('airsoft search (issue 14)', () => {
  const t = useListingsApp();
  const { call, newSeller, create, browse } = t;

  const gear = { fps: null, bbWeightGrams: null } as const;
  let seller: { id: string; token: string };
  let l: Record<string, ListingDto>;
  const ids = async (search: string, extra = '') =>
    (
      await browse(`search=${encodeURIComponent(search)}&sellerId=${seller.id}&limit=48${extra}`)
    ).body.items.map((i) => i.id);

  beforeAll(async () => {
    seller = await newSeller();
    const make = (title: string, input: ListingInput = {}) =>
      create(seller.token, { title, description: 'Works well, collection or post.', ...input });
    l = {
      hicapa: await make('Tokyo Marui Hi-Capa 5.1 gold match'),
      glock: await make('Tokyo Marui Glock 17 Gen 4'),
      gg: await make('G&G CM16 Raider 2.0', { category: 'aeg_rifles' }),
      m4a1: await make('Specna Arms M4A1 carbine', { category: 'aeg_rifles' }),
      // Newer than the M4A1, yet "m4" must rank it below (prefix, not exact).
      m40a5: await make('Novritsch M40A5 bolt action', {
        category: 'sniper_rifles',
        bbWeightGrams: 0.3,
        fps: 250,
      }),
      mk18: await make('VFC MK18 Mod 1', { category: 'gas_rifles' }),
      ak74: await make('WE Tech AK-74 open bolt', { category: 'gas_rifles' }),
      el: await make('E&L AKM full steel', { category: 'aeg_rifles' }),
      lipo: await make('11.1v 1300mAh stick', { category: 'batteries_chargers', ...gear }),
      bbs: await make('Bio 0.25 g 4000 rounds', { category: 'bbs_gas', ...gear }),
    };
  });

  it.each([
    ['tm hicapa', ['hicapa']],
    ['hi capa', ['hicapa']],
    ['hi-capa', ['hicapa']],
    ['HICAPA', ['hicapa']],
    ['hica', ['hicapa']],
    ['tm', ['hicapa', 'glock']],
    ['marui glo', ['glock']],
    ['g&g', ['gg']],
    ['gg', ['gg']],
    ['specna', ['m4a1']],
    ['m4a1', ['m4a1']],
    ['m4 a1', ['m4a1']],
    ['mk 18', ['mk18']],
    ['mk-18', ['mk18']],
    ['mk18', ['mk18']],
    ['we', ['ak74']],
    ['ak74', ['ak74']],
    ['e&l', ['el']],
    ['carb', ['m4a1']],
    ['aeg', ['gg', 'm4a1', 'el']],
    ['gbbr', ['mk18', 'ak74']],
    ['handgun', ['hicapa', 'glock']],
    ['sniper', ['m40a5']],
    ['bolt action', ['m40a5']],
    ['battery', ['lipo']],
    ['bbs', ['bbs']],
  ])('%j finds exactly its listings', async (search, expected) => {
    expect((await ids(search)).sort()).toEqual(expected.map((k) => l[k]!.id).sort());
  });

  it('ranks an exact model above a prefix match, even a newer one', async () => {
    const found = await ids('m4');
    expect(found).toEqual([l['m4a1']!.id, l['m40a5']!.id]);
  });

  it('narrows by a misspelt second word instead of dropping it', async () => {
    expect(await ids('marui glokk')).toEqual([l['glock']!.id]);
    expect(await ids('tokyo marui hi capa')).toEqual([l['hicapa']!.id]);
    expect(await ids('tokio marui gold')).toEqual([l['hicapa']!.id]);
  });

  it.each(['the and of', '!!!', '& | <-> :*', "'; -- /* */ \\"])(
    'a query of only stop words or symbols (%j) lists the newest, without error',
    async (search) => {
      const plain = await browse(`sellerId=${seller.id}&limit=48`);
      const res = await browse(
        `search=${encodeURIComponent(search)}&sellerId=${seller.id}&limit=48`,
      );
      expect(res.status).toBe(200);
      expect(res.body.items.map((i) => i.id)).toEqual(plain.body.items.map((i) => i.id));
      expect(res.body.total).toBe(Object.keys(l).length);
    },
  );

  it('pages a relevance search without repeating or skipping', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: ListingListResponse } = await browse(
        `search=tm&sellerId=${seller.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.items.map((i) => i.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(await ids('tm'));
  });

  it('suggests model names and categories for a prefix', async () => {
    const res = await call<SearchSuggestionsResponse>('/api/v1/listings/suggestions?q=hica');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toEqual({
      kind: 'model',
      label: 'Hi-Capa',
      search: 'Hi-Capa',
      category: null,
    });
    const pistol = await call<SearchSuggestionsResponse>('/api/v1/listings/suggestions?q=pis');
    expect(pistol.body.items).toContainEqual({
      kind: 'category',
      label: 'Pistols',
      search: null,
      category: 'pistols',
    });
    const brand = await call<SearchSuggestionsResponse>(
      `/api/v1/listings/suggestions?q=${encodeURIComponent('Tokyo m')}`,
    );
    expect(brand.body.items.map((i) => i.label)).toEqual(['Tokyo Marui']);
    expect((await call('/api/v1/listings/suggestions?q=%21%21')).body).toEqual({ items: [] });
    expect((await call('/api/v1/listings/suggestions')).body).toEqual({ items: [] });
  });

  it('refuses bad suggestion queries with the validation error shape', async () => {
    const long = await call<ErrorBody>(`/api/v1/listings/suggestions?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('COMMON.VALIDATION_FAILED');
    const unknown = await call<ErrorBody>('/api/v1/listings/suggestions?q=m4&x=1');
    expect(unknown.status).toBe(400);
    const twice = await call<ErrorBody>('/api/v1/listings/suggestions?q=m4&q=ak');
    expect(twice.status).toBe(400);
  });
});
