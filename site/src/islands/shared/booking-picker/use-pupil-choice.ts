// The booking page's pupil choice (decision 055): the account's pupils, the ones chosen, the
// ids to send, and the notes for a course outside a chosen pupil's year group.
import type { ServiceCode } from '@tuition/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePupils } from '../pupils/pupils-api.ts';
import { keptChoice, pupilIdsToSend, pupilsMissing, yearGroupWarnings } from './pupil-choice.ts';

export function usePupilChoice(options: {
  /** Signed in and booking for oneself: an admin moving a seat does not choose pupils. */
  enabled: boolean;
  service: ServiceCode | undefined;
  /** The stored basket's choice, restored once the list arrives. */
  stored: readonly string[] | undefined;
}) {
  const { enabled, service, stored } = options;
  const query = usePupils(enabled);
  const pupils = useMemo(() => (enabled ? (query.data?.pupils ?? []) : []), [enabled, query.data]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (restored || !query.data || !stored) return;
    setRestored(true);
    setChosen(keptChoice(query.data.pupils, stored));
  }, [restored, query.data, stored]);

  const toggle = useCallback((pupilId: string, on: boolean) => {
    setRestored(true);
    setChosen((current) =>
      on ? [...new Set([...current, pupilId])] : current.filter((id) => id !== pupilId),
    );
  }, []);

  const pupilIds = enabled ? pupilIdsToSend(pupils, chosen) : undefined;
  const chosenPupils = pupils.filter((p) => pupilIds?.includes(p.id));
  return {
    shown: enabled && query.isSuccess,
    student: query.data?.accountType === 'student',
    pupils,
    chosenIds: chosen,
    pupilIds,
    chosenPupils,
    missing: enabled && pupilsMissing(pupils, chosen),
    warnings: yearGroupWarnings(service, chosenPupils),
    toggle,
  };
}

export type PupilChoice = ReturnType<typeof usePupilChoice>;
