/** @jest-environment node */
/**
 * @loadout/web is one shared module evaluated at every page's start (Module Federation shares the
 * whole barrel). The first Intl formatter a page builds loads ICU data, a long task on a slow
 * phone (issue 12, ADR 0015): loading the barrel must build none.
 */
const CONSTRUCTORS = [
  'NumberFormat',
  'DateTimeFormat',
  'PluralRules',
  'Collator',
  'RelativeTimeFormat',
  'ListFormat',
] as const;

it('builds no Intl formatter when the barrel loads', async () => {
  const spies = CONSTRUCTORS.map((name) => jest.spyOn(Intl, name));
  const toLocale = jest.spyOn(Number.prototype, 'toLocaleString');
  try {
    await jest.isolateModulesAsync(async () => {
      const barrel: Record<string, unknown> = await import('./index');
      expect(typeof barrel['formatCount']).toBe('function');
    });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    expect(toLocale).not.toHaveBeenCalled();
  } finally {
    for (const spy of spies) spy.mockRestore();
    toLocale.mockRestore();
  }
});
