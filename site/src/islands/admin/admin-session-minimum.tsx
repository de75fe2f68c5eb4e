// A session short of its class's minimum (docs/decisions/100), in the sessions overview: a
// badge in every list, and in the "At risk" list what an admin needs before the clock decides:
// how many of the minimum are booked, when it is decided, who waits, the sister sessions that
// could take every pupil, and three actions, each asked first: merge the families into a sister
// session, confirm it runs, or cancel it now (minimum not met). After each the lists and the
// summary are read again and a toast says what was done, in the service's answer's terms.
import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import type { SessionDecisionOutcome } from '@tuition/api-contract';
import { formatLondonDate, formatTime12h } from '@tuition/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import { type AdminSession, adminApi, type SessionMinimum } from './admin-api.ts';
import { plural } from './admin-format.ts';
import { sessionCancelledText } from './admin-session-cancel.tsx';

type Sister = SessionMinimum['sisters'][number];

/** "Tuesday 3 November 2026, 5:00 PM" in London, as the admin pages write an instant. */
export const londonDateTime = (iso: string) => {
  const at = new Date(iso);
  return `${formatLondonDate(at)}, ${formatTime12h(at)}`;
};

/** Whether a session waits for its minimum with fewer pupils booked than it. */
export const isShortOfMinimum = (session: AdminSession) =>
  Boolean(
    session.minimum &&
      session.minimum.decision === null &&
      session.bookedCount < session.minimum.minPupils,
  );

/** On a session's row in every list: where it stands against its class's minimum. */
export function MinimumBadge({ session }: { session: AdminSession }) {
  const minimum = session.minimum;
  if (!minimum) return null;
  if (minimum.decision === 'runs') return <Badge color="green">Confirmed to run</Badge>;
  if (minimum.decision === 'cancelled') return <Badge color="red">Minimum not met</Badge>;
  if (isShortOfMinimum(session)) {
    return (
      <Badge color="orange" highContrast>
        Below minimum: {session.bookedCount} of {minimum.minPupils}
      </Badge>
    );
  }
  return <Badge color="gray">Minimum {minimum.minPupils} met</Badge>;
}

/** The refusal's words: a 409 says why (decided since, does not fit), a 400 what was wrong. */
function refusalMessage(error: unknown, failed: string): { title: string; description: string } {
  if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
    const title =
      error.code === 'does-not-fit'
        ? 'Its pupils do not all fit in that session'
        : error.code === 'decided'
          ? 'This session was decided already'
          : failed;
    return { title, description: error.detail || error.title };
  }
  return { title: failed, description: 'Please try again.' };
}

/** The dialog open: a decision, or a merge into the sister session of that id. */
type Asking = 'runs' | 'cancelled' | { merge: string } | undefined;

function useSessionActions(session: AdminSession, about: string, done: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const key of [
      ['admin', 'sessions'],
      ['admin', 'summary'],
      ['admin', 'attendees', session.id],
    ]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
  const decide = useMutation({
    mutationFn: (outcome: SessionDecisionOutcome) => adminApi.decideSession(session.id, outcome),
    onSuccess: (decision) => {
      if (decision.outcome === 'runs') {
        toastSuccess({ title: `Confirmed to run: ${about}` });
      } else {
        toastSuccess({
          title: `Cancelled, minimum not met: ${about}`,
          description: decision.cancelled
            ? `${sessionCancelledText(decision.cancelled)}. Each family was e-mailed once.`
            : 'Each family was e-mailed once.',
        });
      }
    },
    onError: (error) => {
      console.error('Deciding the session failed', error);
      toastError(refusalMessage(error, 'The session could not be decided'));
    },
    onSettled: () => {
      done();
      refresh();
    },
  });
  const merge = useMutation({
    mutationFn: (sister: Sister) => adminApi.mergeSession(session.id, sister.sessionId),
    onSuccess: (merged, sister) => {
      toastSuccess({
        title: `${plural(merged.moved.length, 'pupil', 'pupils')} moved to ${londonDateTime(sister.startsAt)}`,
        description: `${about} is cancelled; each family was e-mailed.`,
      });
    },
    onError: (error) => {
      console.error('Merging the session failed', error);
      toastError(refusalMessage(error, 'The session could not be merged'));
    },
    onSettled: () => {
      done();
      refresh();
    },
  });
  return { decide, merge };
}

/** The sister sessions, each with its "Merge into this session" (asked first). */
function SisterList({
  sisters,
  about,
  merge,
  asking,
  setAsking,
}: {
  sisters: readonly Sister[];
  about: string;
  merge: ReturnType<typeof useSessionActions>['merge'];
  asking: Asking;
  setAsking: (asking: Asking) => void;
}) {
  const labelId = useId();
  return (
    <div className="admin-at-risk__sisters">
      <Text as="p" size="2" weight="bold" id={labelId} mb="1">
        Sister sessions that can take every pupil
      </Text>
      {sisters.length === 0 ? (
        <Text as="p" size="2" color="gray">
          None: no other session of this course nearby has enough seats.
        </Text>
      ) : (
        <ul className="admin-at-risk__sister-list" aria-labelledby={labelId}>
          {sisters.map((sister) => {
            const when = londonDateTime(sister.startsAt);
            return (
              <li key={sister.sessionId} className="admin-at-risk__sister">
                <Text size="2">
                  {when}: {plural(sister.seatsLeft, 'seat left', 'seats left')}
                </Text>
                <ConfirmDialog
                  open={typeof asking === 'object' && asking.merge === sister.sessionId}
                  onOpenChange={(open) => {
                    if (!merge.isPending) setAsking(open ? { merge: sister.sessionId } : undefined);
                  }}
                  trigger={
                    <Button size="1" variant="soft" disabled={merge.isPending}>
                      Merge into this session{' '}
                      <span className="visually-hidden">
                        ({when}, from {about})
                      </span>
                    </Button>
                  }
                  title="Merge into this session?"
                  description={`Every pupil booked into ${about} moves to ${when} (${plural(sister.seatsLeft, 'seat', 'seats')} left), and this session is cancelled. Each family gets one e-mail and may cancel the moved seat for credit.`}
                  keepLabel="Keep as it is"
                  confirmLabel="Merge"
                  busy={merge.isPending}
                  onConfirm={() => merge.mutate(sister)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The "At risk" list's part of a session: its standing, its sisters and the three actions. */
export function AtRiskPanel({ session, about }: { session: AdminSession; about: string }) {
  const [asking, setAsking] = useState<Asking>();
  const { decide, merge } = useSessionActions(session, about, () => setAsking(undefined));
  const minimum = session.minimum;
  if (!minimum) return null;
  const busy = decide.isPending || merge.isPending;
  const booked = `${session.bookedCount} of ${minimum.minPupils}`;
  /** Opens or closes one action's dialog; never while its request runs. */
  const ask = (action: 'runs' | 'cancelled') => (open: boolean) => {
    if (!busy) setAsking(open ? action : undefined);
  };
  return (
    <div className="admin-at-risk">
      <dl className="admin-at-risk__facts">
        <div>
          <dt>Booked</dt>
          <dd>{booked} needed</dd>
        </div>
        <div>
          <dt>Decision at</dt>
          <dd>{londonDateTime(minimum.decidedAt)}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>{session.waitingCount ?? 0}</dd>
        </div>
      </dl>
      <SisterList
        sisters={minimum.sisters}
        about={about}
        merge={merge}
        asking={asking}
        setAsking={setAsking}
      />
      <Flex gap="2" wrap="wrap">
        <ConfirmDialog
          open={asking === 'runs'}
          onOpenChange={ask('runs')}
          trigger={
            <Button size="2" variant="soft" disabled={busy}>
              Confirm it runs <span className="visually-hidden">({about})</span>
            </Button>
          }
          title="Confirm this session runs?"
          description={`${about}: ${booked} pupils booked. It runs anyway, and the booking page shows it as confirmed to run.`}
          keepLabel="Not yet"
          confirmLabel="Confirm it runs"
          busy={decide.isPending}
          onConfirm={() => decide.mutate('runs')}
        />
        <ConfirmDialog
          open={asking === 'cancelled'}
          onOpenChange={ask('cancelled')}
          trigger={
            <Button size="2" variant="soft" color="red" disabled={busy}>
              Cancel (minimum not met) <span className="visually-hidden">({about})</span>
            </Button>
          }
          title="Cancel this session: minimum not met?"
          description={`${about}: ${booked} pupils booked. Every seat is cancelled; each family gets credit or a refund and one e-mail, offering a sister session when there is one. This cannot be undone.`}
          keepLabel="Keep session"
          confirmLabel="Cancel session"
          confirmColor="red"
          busy={decide.isPending}
          onConfirm={() => decide.mutate('cancelled')}
        />
      </Flex>
    </div>
  );
}
