/**
 * A `timestamp(3)` column read inside JSON (json_build_object) comes out as UTC without a zone
 * ("2026-12-07T17:00:00.123"); Prisma answers such columns as Dates, and so do these readers.
 */
export const jsonTimestamp = (value: string): Date => new Date(`${value}Z`);
