// Term enrolments for an admin (docs/decisions/083): a weekly class's, on its row of the Classes
// panel, and a family's, on the admin user page. Grouped by term: each pupil, the family (in a
// class's list) or the class (in a family's), the sessions left of those bought, and whether the
// payment is still open. The server counts the sessions; the page only writes them out.
import { Badge, Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { yearGroupLabel } from '@tuition/domain';
import { useId, useState } from 'react';
import { byTerm, sessionsLeftText } from './admin-promo-words.ts';
import {
  type AdminEnrolment,
  type EnrolmentFilter,
  useEnrolments,
} from './admin-promotions-api.ts';
import './admin-promotions.css';

function EnrolmentItem({ enrolment, inClass }: { enrolment: AdminEnrolment; inClass: boolean }) {
  return (
    <li className="admin-enrolment">
      <Flex gap="2" align="center" wrap="wrap">
        <Text weight="medium">
          {enrolment.pupil.name}
          <Text color="gray" weight="regular">
            {' '}
            ({yearGroupLabel(enrolment.pupil.yearGroup)})
          </Text>
        </Text>
        {enrolment.status === 'pending' && (
          <Badge color="amber" highContrast>
            Payment pending
          </Badge>
        )}
      </Flex>
      {inClass ? (
        <Text as="p" size="2" m="0" className="admin-enrolment__family">
          Family: {enrolment.family.name}, {enrolment.family.email}
        </Text>
      ) : (
        <Text as="p" size="2" m="0">
          {enrolment.label}
        </Text>
      )}
      <Text as="p" size="2" m="0" color="gray">
        {sessionsLeftText(enrolment)}
      </Text>
    </li>
  );
}

/** The enrolments `filter` names, by term (each term an h3: the panel or section is an h2). */
export function TermEnrolments({ filter }: { filter: EnrolmentFilter }) {
  const enrolments = useEnrolments(filter);
  const inClass = 'classId' in filter;
  if (enrolments.isPending) {
    return (
      <Flex align="center" gap="2" role="status">
        <Spinner /> <Text color="gray">Loading term enrolments…</Text>
      </Flex>
    );
  }
  if (enrolments.isError) {
    return (
      <Flex align="center" gap="3" wrap="wrap">
        <Text color="red" role="alert">
          The term enrolments could not be loaded.
        </Text>
        <Button variant="soft" onClick={() => void enrolments.refetch()}>
          Try again
        </Button>
      </Flex>
    );
  }
  if (enrolments.data.length === 0) {
    return (
      <Text as="p" color="gray" size="2" m="0">
        {inClass ? 'No pupils are enrolled for a term.' : 'No term enrolments.'}
      </Text>
    );
  }
  return (
    <div className="admin-enrolments">
      {byTerm(enrolments.data).map((term) => (
        <section key={term.termId} className="admin-enrolments__term">
          <Heading as="h3" size="2" m="0">
            {term.termName}
          </Heading>
          <ul className="admin-enrolments__list">
            {term.enrolments.map((enrolment) => (
              <EnrolmentItem key={enrolment.id} enrolment={enrolment} inClass={inClass} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A class's row on the Classes panel: its term enrolments, asked for when opened. */
export function ClassEnrolments({ classId, about }: { classId: string; about: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="admin-class-enrolments">
      <Button
        type="button"
        variant="soft"
        size="2"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Term enrolments<span className="visually-hidden"> ({about})</span>
      </Button>
      <div id={panelId} hidden={!open}>
        {open && <TermEnrolments filter={{ classId }} />}
      </div>
    </div>
  );
}

/** The admin user page's section: the family's term enrolments. */
export function UserEnrolments({ userId }: { userId: string }) {
  return (
    <Card size="3" className="admin-section">
      <Heading as="h2" size="5" mb="3">
        Term enrolments
      </Heading>
      <TermEnrolments filter={{ userId }} />
    </Card>
  );
}
