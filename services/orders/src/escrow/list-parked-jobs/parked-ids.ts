/**
 * Parked payment events share the parked jobs' routes (`internal/jobs/parked/{id}`): their ids
 * carry this prefix (`event-42`), job ids are bare numbers.
 */
export const PARKED_EVENT_PREFIX = 'event-';

/** The inbox id of a parked event's route id; null for a job's id. */
export const parkedEventId = (id: string): string | null =>
  id.startsWith(PARKED_EVENT_PREFIX) ? id.slice(PARKED_EVENT_PREFIX.length) : null;
