/** The 26 counties of the Republic of Ireland, as shown to users. */
export const IRISH_COUNTIES = [
  'Carlow',
  'Cavan',
  'Clare',
  'Cork',
  'Donegal',
  'Dublin',
  'Galway',
  'Kerry',
  'Kildare',
  'Kilkenny',
  'Laois',
  'Leitrim',
  'Limerick',
  'Longford',
  'Louth',
  'Mayo',
  'Meath',
  'Monaghan',
  'Offaly',
  'Roscommon',
  'Sligo',
  'Tipperary',
  'Waterford',
  'Westmeath',
  'Wexford',
  'Wicklow',
] as const;

export type IrishCounty = (typeof IRISH_COUNTIES)[number];

export const isIrishCounty = (value: unknown): value is IrishCounty =>
  typeof value === 'string' && (IRISH_COUNTIES as readonly string[]).includes(value);
