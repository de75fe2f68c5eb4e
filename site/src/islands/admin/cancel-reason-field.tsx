// Why the business cancels, in the admin's words, asked the same way by the one-seat and
// whole-session cancel dialogs: the family's e-mail says it (decision 077). As long as the
// service takes it, and the service's refusal, when there is one, read out with the field.
import { Text, TextArea } from '@radix-ui/themes';
import { CANCEL_REASON_MAX } from '@tuition/api-contract';
import { useId } from 'react';

export function CancelReasonField({
  label,
  value,
  onChange,
  required = false,
  error,
}: {
  /** Says who reads it: "Reason (sent to the families)". */
  label: string;
  value: string;
  onChange: (reason: string) => void;
  /** A whole session needs a reason; one seat may go without. */
  required?: boolean;
  /** What is wrong with it, shown under it and read out with it. */
  error?: string;
}) {
  const id = useId();
  return (
    <div className="admin-credit-form__field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextArea
        id={id}
        required={required}
        aria-required={required ? 'true' : undefined}
        maxLength={CANCEL_REASON_MAX}
        rows={2}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <Text as="p" id={`${id}-error`} size="1" color="red" m="0">
          {error}
        </Text>
      )}
    </div>
  );
}
