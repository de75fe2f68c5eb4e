// Who a booking is for (decision 055): the rules of the "Who is this for?" step, apart from
// its markup. Every session picked is one seat per chosen pupil; the service prices the seats.
import { courseFitsYearGroup, SERVICES, type ServiceCode, yearGroupLabel } from '@tuition/domain';
import type { Pupil } from '../pupils/pupils-api.ts';

/**
 * The pupilIds to send with bookability and checkout. None known (signed out, or an account
 * with no pupil yet): omitted, and the service uses, or creates, the account's one pupil. One
 * pupil: that one, whatever was chosen. Several: those chosen, in the account's order.
 */
export function pupilIdsToSend(
  pupils: readonly Pupil[] | undefined,
  chosen: readonly string[],
): string[] | undefined {
  if (!pupils || pupils.length === 0) return undefined;
  if (pupils.length === 1) return [pupils[0]?.id ?? ''];
  const picked = pupils.filter((p) => chosen.includes(p.id)).map((p) => p.id);
  return picked.length > 0 ? picked : undefined;
}

/** Whether the account must say who the sessions are for before picking dates. */
export function pupilsMissing(pupils: readonly Pupil[] | undefined, chosen: readonly string[]) {
  return (pupils?.length ?? 0) > 1 && pupilIdsToSend(pupils, chosen) === undefined;
}

/** Seats in the basket: each session once per pupil (at least one). */
export function seatCount(sessions: number, pupilIds: readonly string[] | undefined): number {
  return sessions * Math.max(1, pupilIds?.length ?? 1);
}

/** The stored choice that still makes sense: ids of current pupils only. */
export function keptChoice(pupils: readonly Pupil[], stored: readonly string[] | undefined) {
  return (stored ?? []).filter((id) => pupils.some((p) => p.id === id));
}

/** "Years 9–11": the course's years as the services list writes them, with an en dash. */
const yearsText = (service: ServiceCode) => SERVICES[service].years.replace('-', '–');

/**
 * A gentle note for each chosen pupil outside the course's year groups (SATs Year 6, KS3
 * Years 7–8, GCSE Years 9–11, AS Year 12, A-Level Year 13). It never blocks: a Year 8 pupil
 * may be ready for GCSE.
 */
export function yearGroupWarnings(service: ServiceCode | undefined, pupils: readonly Pupil[]) {
  if (!service) return [];
  return pupils
    .filter((p) => !courseFitsYearGroup(service, p.yearGroup))
    .map(
      (p) =>
        `${p.name} is in ${yearGroupLabel(p.yearGroup)}; ${SERVICES[service].label} is written for ${yearsText(service)}. You can still book it if it suits them.`,
    );
}

/** The names of the account's pupils already holding a seat in a session (heldBy). */
export function heldByNames(heldBy: readonly string[], pupils: readonly Pupil[] | undefined) {
  if (!pupils) return [];
  return pupils.filter((p) => heldBy.includes(p.id)).map((p) => p.name);
}

/**
 * Moving one booking: the moving pupil's name when they already hold a seat in the session
 * (the customer's own picker marks a family's sessions the same way), else nobody.
 */
export function movingPupilHolds(
  slot: { heldBy: readonly string[] },
  moving: { pupilId?: string; pupilName?: string },
): string[] {
  if (!moving.pupilId || !slot.heldBy.includes(moving.pupilId)) return [];
  return [moving.pupilName ?? 'This pupil'];
}
