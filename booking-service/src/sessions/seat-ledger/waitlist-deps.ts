import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config/env.ts';
import type { MailOutbox } from '../../mail/outbox.ts';

/** What making or ending an offer needs: "now", the offer time (a site setting), the mail outbox. */
export interface WaitlistDeps {
  clock: Clock;
  content: Pick<ContentLoader, 'siteSettings' | 'timetable'>;
  config: Pick<Config, 'publicUrl'>;
  mail: MailOutbox;
}
