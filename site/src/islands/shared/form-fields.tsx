// Small form parts shared by the auth and account forms: a labelled input with its error
// tied to it (aria-describedby / aria-invalid), and a password input with a show/hide toggle.
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import './form-fields.css';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Mark the label with a required asterisk (the check itself is the form's). */
  requiredMark?: boolean;
  /** Adds a Show/Hide button for password inputs. */
  revealable?: boolean;
}

export function TextField({
  label,
  error,
  hint,
  requiredMark,
  revealable,
  type = 'text',
  ...input
}: TextFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      {...input}
      id={id}
      type={revealable && shown ? 'text' : type}
      className="input"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      aria-required={requiredMark || undefined}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {requiredMark && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {revealable ? (
        <div className="auth-reveal">
          {control}
          <button
            type="button"
            className="btn btn--ghost auth-reveal__toggle"
            aria-controls={id}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        </div>
      ) : (
        control
      )}
      {hint && (
        <span className="field-hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && (
        <span className="auth-field-error" id={errorId}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The first field with an error gets focus, so a keyboard or screen-reader user lands on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Reads a text field of a submitted form. */
export function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
