// The island of /enrol (docs/decisions/083): a family enrols pupils in a weekly class for a whole
// term. Signed out, the page asks them to log in, as the account pages do; signed in, the choices
// and the service's quote for them, then the term checkout and its payment page.
import { AppProviders } from '../shared/app-providers.tsx';
import { openAuthDialog } from '../../lib/auth-dialog.ts';
import { EnrolChoices } from './enrol-choices.tsx';
import { EnrolQuote } from './enrol-quote.tsx';
import { type EnrolOptions, useTermEnrolment } from './use-term-enrolment.ts';
import { LoadFailed } from '../shared/load-shell.tsx';
import '../shared/form-fields.css';
import './enrol.css';

/** Signed out: the reason, and the page's one auth dialog to log in or create an account. */
function LoginPrompt() {
  return (
    <div className="enrol-login card">
      <h2 className="enrol__title">Please log in</h2>
      <p>Please log in to enrol for a term. Enrolment is for the pupils on your account.</p>
      <div className="enrol-login__actions">
        <button type="button" className="btn" onClick={() => openAuthDialog('login')}>
          Log In
        </button>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => openAuthDialog('register')}
        >
          Create Account
        </button>
      </div>
    </div>
  );
}

export function EnrolTermContent(props: EnrolOptions) {
  const flow = useTermEnrolment(props);
  if (flow.sessionPending) {
    return (
      <p className="field-hint" role="status">
        Loading…
      </p>
    );
  }
  if (!flow.signedIn) return <LoginPrompt />;
  if (flow.terms.isError || flow.classes.isError) {
    return (
      <LoadFailed
        text="The terms and classes could not be loaded."
        onRetry={() => {
          void flow.terms.refetch();
          void flow.classes.refetch();
        }}
      />
    );
  }
  return (
    <div className="enrol">
      <EnrolChoices flow={flow} />
      <EnrolQuote flow={flow} />
    </div>
  );
}

export function EnrolTerm({
  queryClient,
  ...props
}: EnrolOptions & { queryClient?: Parameters<typeof AppProviders>[0]['queryClient'] }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <EnrolTermContent {...props} />
    </AppProviders>
  );
}

export default EnrolTerm;
