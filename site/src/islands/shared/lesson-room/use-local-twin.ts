// One browser's stay in the local twin's room (docs/decisions/098): join with the entry's token,
// ask who is here every few seconds (the twin's heartbeat too), leave on request or when the tab
// goes away. A refusal (the lesson ended, the booking was moved) ends the stay and says why.
import type { RoomEntry } from '@tuition/api-contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { localTwin, TWIN_POLL_MS, type TwinRoom, TwinRefusal } from './local-twin.ts';

export type TwinStay =
  | { kind: 'joining' }
  | { kind: 'in'; room: TwinRoom }
  | { kind: 'left' }
  | { kind: 'refused'; refusal: TwinRefusal };

const asRefusal = (error: unknown) =>
  error instanceof TwinRefusal ? error : new TwinRefusal(0, undefined);

/** 401 or 403: the twin will not have this token any more; anything else may pass. */
const isFinal = (error: unknown) =>
  error instanceof TwinRefusal && (error.status === 401 || error.status === 403);

export function useLocalTwin(entry: Pick<RoomEntry, 'serverUrl' | 'token'>) {
  const { serverUrl, token } = entry;
  const [stay, setStay] = useState<TwinStay>({ kind: 'joining' });
  const [attempt, setAttempt] = useState(0);
  const [leaving, setLeaving] = useState(false);
  /** Stops this stay's polling without telling the twin (leave() tells it itself). */
  const stop = useRef<() => void>(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what rejoins
  useEffect(() => {
    let live = true;
    let joined = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const sendLeave = () => {
      if (joined) void localTwin.leave(serverUrl, token, true).catch(() => undefined);
      joined = false;
    };
    const end = () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', sendLeave);
    };
    const refuse = (error: unknown) => {
      if (!live) return;
      end();
      joined = false;
      setStay({ kind: 'refused', refusal: asRefusal(error) });
    };
    const poll = () =>
      localTwin.participants(serverUrl, token).then(
        (room) => live && setStay({ kind: 'in', room }),
        // A dropped connection keeps the list as it was and asks again on the next tick.
        (error: unknown) => isFinal(error) && refuse(error),
      );
    localTwin.join(serverUrl, token).then((room) => {
      joined = true;
      if (!live) return sendLeave();
      setStay({ kind: 'in', room });
      timer = setInterval(poll, TWIN_POLL_MS);
    }, refuse);
    window.addEventListener('pagehide', sendLeave);
    stop.current = () => {
      end();
      joined = false;
    };
    return () => {
      end();
      sendLeave();
    };
  }, [serverUrl, token, attempt]);

  const leave = useCallback(async () => {
    stop.current();
    setLeaving(true);
    try {
      await localTwin.leave(serverUrl, token);
    } catch {
      // Gone either way: the twin drops a browser that stops asking.
    } finally {
      setLeaving(false);
      setStay({ kind: 'left' });
    }
  }, [serverUrl, token]);

  const rejoin = useCallback(() => {
    setStay({ kind: 'joining' });
    setAttempt((n) => n + 1);
  }, []);

  return { stay, leaving, leave, rejoin };
}
