// Whether a weekly class's lessons are recorded (docs/decisions/099), on the Classes panel: a
// tick that takes effect at once (PUT /api/admin/classes/{id}/recording), put back with a toast
// when the service refuses. Even when on, a lesson is recorded only if every family consented.
// Radix's Checkbox rather than its Switch: the islands already ship its styles.
import type { AdminClass } from '@tuition/api-contract';
import { Checkbox, Flex, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiFetch } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';

export function ClassRecordingChoice({ item, about }: { item: AdminClass; about: string }) {
  const queryClient = useQueryClient();
  const hintId = useId();
  const [record, setRecord] = useState(item.recordLessons ?? false);
  const save = useMutation({
    mutationFn: (next: boolean) =>
      apiFetch(`/api/admin/classes/${encodeURIComponent(item.id)}/recording`, 'AdminClassSchema', {
        method: 'PUT',
        json: { record: next },
        repeatable: true,
      }),
    onMutate: (next) => setRecord(next),
    onSuccess: (saved) => {
      setRecord(saved.recordLessons ?? false);
      toastSuccess({
        title: saved.recordLessons
          ? `Lessons of ${about} are recorded when every family consents`
          : `Lessons of ${about} are not recorded`,
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'classes'] });
    },
    onError: (error, next) => {
      console.error('Saving the class recording setting failed', error);
      setRecord(!next);
      toastError({
        title: 'The recording setting could not be saved',
        description: 'Please try again.',
      });
    },
  });
  return (
    <div className="admin-classes__recording">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox
            checked={record}
            disabled={save.isPending}
            aria-describedby={hintId}
            onCheckedChange={(next) => save.mutate(next === true)}
          />
          <span>
            Record lessons <span className="visually-hidden">({about})</span>
          </span>
        </Flex>
      </Text>
      <p id={hintId} className="admin-classes__hint">
        Only lessons where every booked family has consented are recorded.
      </p>
    </div>
  );
}
