// What the family gets back when the business cancels (decision 077), asked the same way by the
// one-seat and whole-session cancel dialogs: a labelled group of radios, each remedy with its
// hint beneath. The words are the dialog's own (one family or every family).
import { Flex, Radio, Text } from '@radix-ui/themes';
import type { CancelRemedy } from '@tuition/api-contract';
import { useId } from 'react';

/** One remedy as a dialog words it; `hint` is said under the label, when there is one. */
export interface RemedyOption {
  value: CancelRemedy;
  label: string;
  hint?: string;
}

export function CancelRemedyChoice({
  legend,
  options,
  value,
  onChange,
}: {
  /** The group's label: the question the radios answer. */
  legend: string;
  options: ReadonlyArray<RemedyOption>;
  value: CancelRemedy;
  onChange: (remedy: CancelRemedy) => void;
}) {
  const name = useId();
  return (
    <fieldset className="admin-remedy">
      <legend className="admin-remedy__legend">{legend}</legend>
      {options.map((remedy) => (
        <Text as="label" size="2" key={remedy.value} className="admin-remedy__option">
          <Flex gap="2" align="start">
            <Radio
              name={name}
              value={remedy.value}
              checked={value === remedy.value}
              onValueChange={() => onChange(remedy.value)}
              mt="1"
            />
            <span>
              {remedy.label}
              {remedy.hint && (
                <Text as="span" color="gray" className="admin-remedy__hint">
                  {remedy.hint}
                </Text>
              )}
            </span>
          </Flex>
        </Text>
      ))}
    </fieldset>
  );
}
