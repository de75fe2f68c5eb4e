// The promo code form's fields (docs/decisions/082): what it gives (a radio group, then the value
// in its unit), when it is valid (London dates, both optional), how often it may be used, who and
// which courses it is for, and whether it is active. Each field shows the service's refusal of it.
import { Checkbox, Flex, Radio, Text } from '@radix-ui/themes';
import { SERVICE_CODES, type ServiceCode } from '@tuition/domain';
import { useId } from 'react';
import { TextField } from '../shared/form-fields.tsx';
import type { PromoErrors, PromoForm } from './admin-promo-form-state.ts';
import { serviceLabel } from './admin-promo-words.ts';

const KINDS = [
  { value: 'percent', label: 'Percentage off', hint: 'Off each lesson it applies to' },
  { value: 'fixed', label: 'Amount off', hint: 'Off the lessons it applies to, in all' },
  { value: 'free-session', label: 'Free session', hint: 'One lesson free for each pupil' },
] as const;

type Change = <K extends keyof PromoForm>(key: K, value: PromoForm[K]) => void;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span className="auth-field-error" id={id}>
      {message}
    </span>
  ) : null;
}

function KindField({ form, errors, change }: FieldsProps) {
  const name = useId();
  return (
    <fieldset
      className="admin-promo-form__group"
      aria-describedby={errors.kind ? `${name}-error` : undefined}
    >
      <legend className="admin-promo-form__legend">What it gives</legend>
      {KINDS.map((kind) => (
        <Text as="label" size="2" key={kind.value}>
          <Flex gap="2" align="start">
            <Radio
              name={name}
              value={kind.value}
              checked={form.kind === kind.value}
              onValueChange={() => change('kind', kind.value)}
              mt="1"
            />
            <span>
              {kind.label}
              <Text as="span" color="gray" className="admin-promo-form__hint">
                {kind.hint}
              </Text>
            </span>
          </Flex>
        </Text>
      ))}
      <FieldError id={`${name}-error`} message={errors.kind} />
    </fieldset>
  );
}

function CoursesField({ form, errors, change }: FieldsProps) {
  const id = useId();
  const toggle = (service: ServiceCode, on: boolean) =>
    change(
      'services',
      on ? [...form.services, service] : form.services.filter((s) => s !== service),
    );
  return (
    <fieldset
      className="admin-promo-form__group"
      aria-describedby={`${id}-hint${errors.services ? ` ${id}-error` : ''}`}
    >
      <legend className="admin-promo-form__legend">Courses</legend>
      <span className="field-hint" id={`${id}-hint`}>
        Leave every course unticked for a code that works on all of them.
      </span>
      <div className="admin-promo-form__courses">
        {SERVICE_CODES.map((service) => (
          <Text as="label" size="2" key={service}>
            <Flex gap="2" align="center">
              <Checkbox
                checked={form.services.includes(service)}
                onCheckedChange={(on) => toggle(service, on === true)}
              />
              {serviceLabel(service)}
            </Flex>
          </Text>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={errors.services} />
    </fieldset>
  );
}

function Tick({
  checked,
  onChange,
  label,
  error,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox
            checked={checked}
            onCheckedChange={(on) => onChange(on === true)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {label}
        </Flex>
      </Text>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

interface FieldsProps {
  form: PromoForm;
  errors: PromoErrors;
  change: Change;
}

export function PromoFields({ form, errors, change }: FieldsProps) {
  const text = (
    key: 'code' | 'value' | 'maxRedemptions' | 'perAccountLimit' | 'firstDay' | 'lastDay',
  ) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => change(key, e.target.value),
    autoComplete: 'off',
  });
  return (
    <div className="admin-promo-form__fields">
      <TextField
        label="Code"
        hint="3 to 40 letters, digits or hyphens, e.g. LEAFLET10"
        requiredMark
        autoCapitalize="characters"
        {...text('code')}
        error={errors.code}
      />
      <KindField form={form} errors={errors} change={change} />
      {form.kind !== 'free-session' && (
        <TextField
          label={form.kind === 'percent' ? 'Percentage off (%)' : 'Amount off (£)'}
          inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
          requiredMark
          {...text('value')}
          error={errors.value}
        />
      )}
      <div className="admin-promo-form__pair">
        <TextField
          label="First day"
          type="date"
          hint="Optional, London date"
          {...text('firstDay')}
          error={errors.validFrom}
        />
        <TextField
          label="Last day"
          type="date"
          hint="Optional, included"
          {...text('lastDay')}
          error={errors.validTo}
        />
      </div>
      <div className="admin-promo-form__pair">
        <TextField
          label="Uses in all"
          inputMode="numeric"
          hint="Empty for no limit"
          {...text('maxRedemptions')}
          error={errors.maxRedemptions}
        />
        <TextField
          label="Uses per account"
          inputMode="numeric"
          hint="Empty for no limit"
          {...text('perAccountLimit')}
          error={errors.perAccountLimit}
        />
      </div>
      <Tick
        label="First lesson only (pupils who have never had a lesson)"
        checked={form.firstTimePupilsOnly}
        onChange={(on) => change('firstTimePupilsOnly', on)}
        error={errors.firstTimePupilsOnly}
      />
      <CoursesField form={form} errors={errors} change={change} />
      <Tick
        label="Active (customers can use it)"
        checked={form.active}
        onChange={(on) => change('active', on)}
        error={errors.active}
      />
    </div>
  );
}
