// "New code" and "Edit" for promo codes (docs/decisions/082): one dialog with every field. A new
// code is POSTed whole; an edit PATCHes only the fields that changed. The service's refusal shows
// beside each field it names, and focus moves to the first of them.
import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SubmitEvent, type ReactNode, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toastSuccess } from '../shared/app-providers.tsx';
import { focusFirstInvalid } from '../shared/form-fields.tsx';
import { PromoFields } from './admin-promo-fields.tsx';
import {
  EMPTY_PROMO_FORM,
  formOfCode,
  patchOf,
  type PromoErrors,
  type PromoForm,
  promoErrorsOf,
  requestOfForm,
} from './admin-promo-form-state.ts';
import {
  type AdminPromoCode,
  PROMO_CODES_KEY,
  type PromoCodeRequest,
  promotionsApi,
} from './admin-promotions-api.ts';

interface PromoDialogProps {
  /** The code to edit; none for a new one. */
  editing?: AdminPromoCode;
  trigger: ReactNode;
}

/** Saves the request: POST for a new code, PATCH of what changed for an edit. */
function useSavePromo(editing: AdminPromoCode | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PromoCodeRequest) => {
      if (!editing) return promotionsApi.createPromoCode(request);
      const before = requestOfForm(formOfCode(editing));
      const patch = before.errors ? request : patchOf(before.request, request);
      return promotionsApi.updatePromoCode(editing.id, patch);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMO_CODES_KEY }),
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 400)) {
        console.error('Saving a promo code failed', error);
      }
    },
  });
}

export function PromoDialog({ editing, trigger }: PromoDialogProps) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<PromoForm>(EMPTY_PROMO_FORM);
  const [errors, setErrors] = useState<PromoErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSavePromo(editing);
  const onOpenChange = (next: boolean) => {
    // Each time it opens: empty for a new code, the code as saved for an edit.
    if (next) {
      setForm(editing ? formOfCode(editing) : EMPTY_PROMO_FORM);
      setErrors({});
      save.reset();
    }
    setOpen(next);
  };
  const change = <K extends keyof PromoForm>(key: K, value: PromoForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const refuse = (found: PromoErrors) => {
    setErrors(found);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const made = requestOfForm(form);
    if (made.errors) return refuse(made.errors);
    if (editing) {
      const before = requestOfForm(formOfCode(editing));
      if (!before.errors && Object.keys(patchOf(before.request, made.request)).length === 0) {
        return setErrors({ form: 'Nothing has changed.' });
      }
    }
    setErrors({});
    save.mutate(made.request, {
      onSuccess: (saved) => {
        setOpen(false);
        toastSuccess({ title: editing ? `${saved.code} saved` : `${saved.code} created` });
      },
      onError: (error) => {
        const found = promoErrorsOf(error);
        // A free session has no value field to show its message by.
        if (form.kind === 'free-session' && found.value) {
          found.form = [found.form, found.value].filter(Boolean).join(' ');
          delete found.value;
        }
        refuse(found);
      },
    });
  };
  const title = editing ? `Edit ${editing.code}` : 'New promo code';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="560px" className="admin-promo-dialog">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2">
          The service works out every price; a code never combines with the sibling discount (the
          cheaper of the two applies).
        </Dialog.Description>
        <form ref={formRef} className="admin-promo-form" noValidate onSubmit={onSubmit}>
          <PromoFields form={form} errors={errors} change={change} />
          {errors.form && (
            <Text as="p" size="2" color="red" role="alert" m="0">
              {errors.form}
            </Text>
          )}
          <Flex gap="3" justify="end" wrap="wrap">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Save changes' : 'Create code'}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
