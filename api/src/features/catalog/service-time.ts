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

/** The calendar day of an instant in the zone, as a Date at midnight UTC (how a DATE column holds it). */
export function serviceDay(now: Date, zone: string = DEFAULT_TIME_ZONE): Date {
  const { y, m, d } = partsIn(zone, now);
  return new Date(Date.UTC(y, m - 1, d));
}

/** The day as YYYY-MM-DD (cache keys). */
export function serviceDayKey(now: Date, zone: string = DEFAULT_TIME_ZONE): string {
  return serviceDay(now, zone).toISOString().slice(0, 10);
}

/** The instant the zone's next day begins (its next midnight). */
export function nextServiceMidnight(now: Date, zone: string = DEFAULT_TIME_ZONE): Date {
  const day = serviceDay(now, zone);
  const nextDay = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
  // The zone's offset at that midnight: guess with the offset now, then correct once (DST changes).
  let guess = nextDay - offsetMs(zone, now);
  guess = nextDay - offsetMs(zone, new Date(guess));
  return new Date(guess);
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
