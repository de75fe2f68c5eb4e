// /admin/users/{id} (docs/product-rules.md#pages): one customer for an admin: contact details,
// booking statistics, spending, the family's credit (decision 077), its term enrolments (decision
// 083), the bookings history where upcoming confirmed bookings can be cancelled (saying what
// the family gets back) or moved (with the booking picker in reschedule mode, posting to the admin
// endpoint), and the account's last texts with their status (decision 112).
// The site is static, so the booking service serves this page for every /admin/users/* address and
// the id is read from the path (docs/decisions/031). Non-admins are sent to /admin. This file only
// lays the parts out: the state and rules are use-admin-user.ts, the sections admin-user-sections.tsx
// and admin-user-bookings.tsx.
import { Card, Heading } from '@radix-ui/themes';
import { type Clock, type PricingRules, systemClock } from '@tuition/domain';
import { lazy, Suspense } from 'react';
import { AppProviders } from '../shared/app-providers.tsx';
import { AdminGate } from './admin-gate.tsx';
import { BookingsHistory, RescheduleForUser } from './admin-user-bookings.tsx';
import { UserDataSection } from './admin-user-data.tsx';
import { UserTexts } from './admin-user-texts.tsx';
import {
  BackToAdmin,
  UserDetailFailed,
  UserDetailLoading,
  UserFigures,
  UserHeader,
  UserPupils,
} from './admin-user-sections.tsx';
import { useAdminUser, useUserIdFromPath } from './use-admin-user.ts';
import './admin.css';

function UserDetailContent({
  userId,
  pricing,
  clock,
}: {
  userId: string;
  pricing: PricingRules;
  clock: Clock;
}) {
  const user = useAdminUser(userId);
  const { detail, moving } = user;

  if (detail.isPending) return <UserDetailLoading />;
  if (detail.isError) return <UserDetailFailed notFound={user.notFound} failure={user.failure} />;

  const { profile } = detail.data;
  return (
    <div className="admin">
      <BackToAdmin />
      <UserHeader profile={profile} onSendPasswordReset={() => user.sendPasswordReset(profile)} />
      <UserFigures detail={detail.data} />
      <Card size="3" className="admin-section">
        <Heading as="h2" size="5" mb="3">
          Pupils
        </Heading>
        <UserPupils detail={detail.data} />
      </Card>
      <Suspense fallback={null}>
        <UserCredit userId={userId} clock={clock} />
      </Suspense>
      <Suspense fallback={null}>
        <UserEnrolments userId={userId} />
      </Suspense>
      <Card size="3" className="admin-section">
        {moving ? (
          <RescheduleForUser
            booking={moving}
            userName={profile.name}
            userId={userId}
            pricing={pricing}
            clock={clock}
            onBack={user.stopMoving}
            onDone={user.finishMoving}
          />
        ) : (
          <>
            <Heading as="h2" size="5" mb="3">
              Bookings History
            </Heading>
            <BookingsHistory detail={detail.data} onReschedule={user.startMoving} />
          </>
        )}
      </Card>
      <UserTexts texts={detail.data.texts} />
      <UserDataSection userId={userId} name={profile.name} />
    </div>
  );
}

export interface AdminUserDetailProps {
  /** Session price and bundle from the CMS, for the reschedule picker's display. */
  pricing: PricingRules;
  /** Tests pass the id; the page reads it from /admin/users/{id}. */
  userId?: string;
  clock?: Clock;
  /** Leaves the page; tests replace it. */
  navigate?: (url: string) => void;
}

// The family's credit and the Give credit form load after the page's first paint, so its
// script stays within the app budget (decision 061).
const UserCredit = lazy(() =>
  import('./admin-user-credit.tsx').then(({ UserCredit }) => ({ default: UserCredit })),
);

// The family's term enrolments (docs/decisions/083), loaded after the first paint as the credit is.
const UserEnrolments = lazy(() =>
  import('./admin-enrolments.tsx').then(({ UserEnrolments }) => ({ default: UserEnrolments })),
);

export function AdminUserDetail({
  pricing,
  userId,
  clock = systemClock,
  navigate,
}: AdminUserDetailProps) {
  const id = useUserIdFromPath(userId, navigate);
  return (
    <AppProviders>
      <AdminGate redirectTo="/admin" {...(navigate ? { navigate } : {})}>
        {id ? <UserDetailContent userId={id} pricing={pricing} clock={clock} /> : null}
      </AdminGate>
    </AppProviders>
  );
}

export default AdminUserDetail;
