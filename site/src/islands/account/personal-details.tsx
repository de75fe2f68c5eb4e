// /my-account "Personal Details": name, the e-mail address (read only) and phone; saving says
// what changed, or that nothing did (docs/product-rules.md#accounts-and-roles, #messages).
import { MESSAGES, PHONE_HINT, phoneTypingProblem } from '@tuition/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { api, type Me } from '../../lib/api-client.ts';
import { loadPhoneTools, usePhoneTools } from '../../lib/phone-numbers.ts';
import { toastError, toastInfo, toastSuccess } from '../shared/app-toaster.tsx';
import { TextField } from '../shared/form-fields.tsx';
import { DETAILS_MESSAGES, detailsChange, phoneProblem } from './account-rules.ts';
import { TEXTS_KEY } from './texts-api.ts';

// This form's success clears its own earlier error toasts, not the password form's.
const DETAILS_FORM = { form: 'personal-details' } as const;

export function PersonalDetails({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(me.name);
  // Stored in E.164, shown as a person writes it: "07700 900123" (decision 069), once the
  // phone tools have loaded, unless the customer has started typing by then.
  const [phone, setPhone] = useState(me.phone ?? '');
  const [typedYet, setTypedYet] = useState(false);
  const tools = usePhoneTools();
  useEffect(() => {
    if (tools && !typedYet && me.phone) setPhone(tools.formatPhone(me.phone));
  }, [tools, typedYet, me.phone]);
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  // Nothing typed is dropped: a character the rule refuses stays in the field, named here.
  function onPhoneChange(typed: string) {
    setTypedYet(true);
    setPhone(typed);
    setPhoneError(phoneTypingProblem(typed) ?? undefined);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const phoneTools = await loadPhoneTools();
    const problem = phoneProblem(phone, phoneTools);
    setPhoneError(problem ?? undefined);
    if (problem) {
      toastError({ title: problem }, DETAILS_FORM);
      return;
    }
    if (name.trim() === '') {
      toastError({ title: 'Name is required.' }, DETAILS_FORM);
      return;
    }
    const change = detailsChange(me, { name, phone }, phoneTools);
    if (change === 'nothing') {
      toastInfo(DETAILS_MESSAGES.nothingChanged, DETAILS_FORM);
      return;
    }
    setSaving(true);
    try {
      const updated = await api.updateMe({ name: name.trim(), phone: phone.trim() || null });
      queryClient.setQueryData(['me'], updated);
      // A new number is no longer verified (docs/decisions/103): the texts section reads it again.
      void queryClient.invalidateQueries({ queryKey: TEXTS_KEY });
      setTypedYet(false);
      setPhone(updated.phone ? phoneTools.formatPhone(updated.phone) : '');
      toastSuccess(
        change === 'phone-removed' ? DETAILS_MESSAGES.phoneRemoved : MESSAGES.profileUpdated,
        DETAILS_FORM,
      );
    } catch (error) {
      console.error('Profile update failed', error);
      toastError(MESSAGES.profileUpdateFailed, DETAILS_FORM);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-labelledby="details-heading">
      <h2 id="details-heading">Personal Details</h2>
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField label="Email" name="email" type="email" value={me.email} readOnly />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={phone}
        hint={PHONE_HINT}
        error={phoneError}
        onChange={(e) => onPhoneChange(e.target.value)}
      />
      <div className="auth-form__actions">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
