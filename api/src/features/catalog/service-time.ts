/**
 * The service's calendar: "today" (the free microbook of the day, this week's playlists) is the date in
 * one time zone for everyone, SERVICE_TIME_ZONE (default America/Sao_Paulo, where most readers are).
 */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, instant: Date) {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
    s: Number(parts.second),
  };
}

/**
 * The last day computed per zone, with the instants it holds for: from when it was computed until the
 * zone's next midnight. Every request asks for today (cache keys, the free book, this week), and
 * formatting a date in a zone costs more than the rest of a cached answer.
 */
const lastDays = new Map<string, { day: number; from: number; until: number }>();

/** The calendar day of an instant in the zone, as a Date at midnight UTC (how a DATE column holds it). */
export function serviceDay(now: Date, zone: string = DEFAULT_TIME_ZONE): Date {
  const at = now.getTime();
  const known = lastDays.get(zone);
  if (known && at >= known.from && at < known.until) return new Date(known.day);
  const { y, m, d } = partsIn(zone, now);
  const day = Date.UTC(y, m - 1, d);
  lastDays.set(zone, { day, from: at, until: nextMidnightAfter(day, now, zone) });
  return new Date(day);
}

/** The day as YYYY-MM-DD (cache keys). */
export function serviceDayKey(now: Date, zone: string = DEFAULT_TIME_ZONE): string {
  return serviceDay(now, zone).toISOString().slice(0, 10);
}

/** The instant the zone's next day begins (its next midnight). */
export function nextServiceMidnight(now: Date, zone: string = DEFAULT_TIME_ZONE): Date {
  return new Date(nextMidnightAfter(serviceDay(now, zone).getTime(), now, zone));
}

/** The instant (ms) the day after `day` (a serviceDay, ms) begins in the zone. */
function nextMidnightAfter(day: number, now: Date, zone: string): number {
  const date = new Date(day);
  const nextDay = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  // The zone's offset at that midnight: guess with the offset now, then correct once (DST changes).
  const guess = nextDay - offsetMs(zone, now);
  return nextDay - offsetMs(zone, new Date(guess));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetMs(zone: string, instant: Date): number {
  const { y, m, d, h, min, s } = partsIn(zone, instant);
  return Date.UTC(y, m - 1, d, h, min, s) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Monday of the ISO week that contains the day (a serviceDay). */
export function weekStart(day: Date): Date {
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - weekday));
}
