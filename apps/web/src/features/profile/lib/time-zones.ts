import { UTC } from '@portal/contract/time';

export type TimeZoneOption = { value: string; label: string };
export type TimeZoneGroup = { region: string; zones: TimeZoneOption[] };

/** "GMT+1", "GMT-3:30", "GMT" now: what people recognise next to a city. */
const offsetNow = (zone: string, now: Date): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value ?? '';

/**
 * Every zone the browser knows, by region ("Europe" → "Paris (GMT+1)"), for a native select:
 * typing a city's first letters finds it. `current` is kept even where the browser spells it
 * differently (an older alias saved from elsewhere), so a saved choice never silently changes.
 */
export const timeZoneGroups = (current: string, now: Date = new Date()): TimeZoneGroup[] => {
  const names = new Set([...Intl.supportedValuesOf('timeZone'), current]);
  names.delete(UTC);
  const groups = new Map<string, TimeZoneOption[]>();
  for (const name of [...names].sort()) {
    const slash = name.indexOf('/');
    const region = slash > 0 ? name.slice(0, slash) : 'Other';
    const place = (slash > 0 ? name.slice(slash + 1) : name)
      .replaceAll('_', ' ')
      .replaceAll('/', ' – ');
    const zones = groups.get(region) ?? [];
    zones.push({ value: name, label: `${place} (${offsetNow(name, now)})` });
    groups.set(region, zones);
  }
  return [
    { region: 'Universal', zones: [{ value: UTC, label: 'UTC (Coordinated Universal Time)' }] },
    ...[...groups].map(([region, zones]) => ({ region, zones })),
  ];
};
