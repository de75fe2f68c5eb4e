// Which subject and course the picker shows. Reschedule mode and the admin pages fix the course;
// otherwise ?service= (and arriving from the maths courses page) preselect it.
import { type ServiceCode, type SubjectCode, serviceFromQuery } from '@tuition/domain';
import { useEffect, useState } from 'react';

export function useCourseChoice(fixedService: ServiceCode | undefined) {
  const [subject, setSubject] = useState<SubjectCode | undefined>(
    fixedService ? 'mathematics' : undefined,
  );
  const [service, setService] = useState<ServiceCode | undefined>(fixedService);
  // Read after hydration, so the server-rendered HTML and the first client render agree.
  useEffect(() => {
    if (fixedService) return;
    const fromQuery = serviceFromQuery(new URLSearchParams(window.location.search).get('service'));
    if (fromQuery) {
      setSubject('mathematics');
      setService(fromQuery);
    } else if (document.referrer.includes('/services/mathematics')) {
      setSubject('mathematics');
    }
  }, [fixedService]);
  return { subject, setSubject, service, setService };
}
