// The picker's basket survives a reload or a trip to the payment page and back: while booking for
// oneself it is kept in the browser (basket-storage.ts).
import { type ServiceCode, type SubjectCode, serviceFromQuery } from '@tuition/domain';
import { useEffect, useRef, useState } from 'react';
import { toastInfo } from '../app-providers.tsx';
import {
  droppedNote,
  loadBasket,
  restoreBasket,
  type StoredBasket,
  saveBasket,
} from './basket-storage.ts';
import type { SelectedSession } from './booking-rules.ts';

/**
 * Restores the stored basket once, when the stored course's availability arrives, then saves it
 * on every change. Returns the note naming the sessions that could not be restored, if any.
 */
export function useStoredBasket(options: {
  keep: boolean;
  service: ServiceCode | undefined;
  setSubject: (code: SubjectCode) => void;
  setService: (code: ServiceCode) => void;
  selection: readonly SelectedSession[];
  setSelection: (selection: SelectedSession[]) => void;
  /** Who the basket is for (decision 048), kept with it. */
  pupilIds: readonly string[] | undefined;
  /** The availability answer for `service`, once it has arrived. */
  fresh: readonly SelectedSession[] | undefined;
  now: Date;
}): string | undefined {
  const { keep, service, setSubject, setService, selection, setSelection, pupilIds, fresh, now } =
    options;
  // undefined: not read yet; null: nothing (left) to restore.
  const [pending, setPending] = useState<StoredBasket | null | undefined>(undefined);
  const [restoreNote, setRestoreNote] = useState<string>();
  const settled = useRef(false);
  const nowRef = useRef(now);
  nowRef.current = now;

  useEffect(() => {
    if (!keep) {
      setPending(null);
      return;
    }
    const stored = loadBasket();
    const asked = serviceFromQuery(new URLSearchParams(window.location.search).get('service'));
    // A link to another course starts afresh; the stored basket waits for its own course.
    if (!stored || (asked && asked !== stored.service)) {
      setPending(null);
      return;
    }
    setSubject('mathematics');
    setService(stored.service);
    setPending(stored);
  }, [keep, setSubject, setService]);

  // Saved only once restoring is over, so the empty first render never wipes the basket.
  useEffect(() => {
    if (!keep || pending !== null || !settled.current || !service) return;
    saveBasket({
      service,
      starts: selection.map((s) => s.startsAt),
      ...(pupilIds ? { pupilIds } : {}),
    });
  }, [keep, pending, service, selection, pupilIds]);

  useEffect(() => {
    if (pending === null) settled.current = true;
    if (!pending || !fresh || service !== pending.service) return;
    const result = restoreBasket(pending, fresh, nowRef.current);
    const note = droppedNote(result.dropped);
    setPending(null);
    settled.current = true;
    setSelection(result.selection);
    if (note) {
      setRestoreNote(note);
      toastInfo({ title: note });
    }
  }, [pending, fresh, service, setSelection]);

  return restoreNote;
}
