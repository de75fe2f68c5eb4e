// The "Promotions" section of /admin (docs/decisions/082): the sibling discount, and the promo
// codes with what each gives in words, when it is valid (London dates), how often it has been used
// and may be, who and which courses it is for, and whether it is active; a new code, an edit (only
// what changed is sent), turning a code on or off, and who used it. Every amount is the server's.
import { Badge, Button, Card, Flex, Heading, Spinner, Table, Text } from '@radix-ui/themes';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useRef } from 'react';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';
import { adminLoadFailure } from './admin-format.ts';
import { LoadMoreButton } from './admin-pager.tsx';
import { PromoDialog } from './admin-promo-dialog.tsx';
import { RedemptionsButton } from './admin-promo-redemptions.tsx';
import {
  coursesText,
  perAccountText,
  promoGivesText,
  usesText,
  validWindowText,
} from './admin-promo-words.ts';
import {
  type AdminPromoCode,
  type AdminPromoCodePage,
  PROMO_CODES_KEY,
  promotionsApi,
  usePromoCodes,
} from './admin-promotions-api.ts';
import { SiblingDiscountForm } from './admin-sibling-discount.tsx';
import './admin-promotions.css';

/** Turns a code on or off; the button keeps focus, its words flip. */
function ActiveToggle({ code }: { code: AdminPromoCode }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => promotionsApi.updatePromoCode(code.id, { active: !code.active }),
    onSuccess: (saved) => {
      queryClient.setQueryData<InfiniteData<AdminPromoCodePage>>(
        PROMO_CODES_KEY,
        (list) =>
          list && {
            ...list,
            pages: list.pages.map((page) => ({
              ...page,
              items: page.items.map((c) => (c.id === saved.id ? saved : c)),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: PROMO_CODES_KEY });
      const text = saved.active
        ? `${saved.code} is active: customers can use it.`
        : `${saved.code} is inactive: customers can no longer use it.`;
      toastSuccess({ title: text });
    },
    onError: (error) => {
      console.error('Turning a promo code on or off failed', error);
      toastError({
        title: `${code.code} could not be ${code.active ? 'deactivated' : 'activated'}`,
        description: 'Please try again.',
      });
    },
  });
  return (
    <Button
      variant="soft"
      size="2"
      color={code.active ? 'red' : undefined}
      // Not disabled while it saves: a disabled button would lose the keyboard's focus.
      aria-disabled={toggle.isPending || undefined}
      onClick={() => {
        if (!toggle.isPending) toggle.mutate();
      }}
    >
      {code.active ? 'Deactivate' : 'Activate'}
      <span className="visually-hidden"> {code.code}</span>
    </Button>
  );
}

function PromoRow({ code }: { code: AdminPromoCode }) {
  return (
    <Table.Row className="admin-promos__row">
      {/* Focusable by script only: "Load more promo codes" takes focus to the first new row. */}
      <Table.RowHeaderCell className="admin-promos__code" tabIndex={-1}>
        <Flex gap="2" align="center" wrap="wrap">
          <span className="admin-promos__name">{code.code}</span>
          {code.active ? (
            <Badge color="green" highContrast>
              Active
            </Badge>
          ) : (
            <Badge color="gray" highContrast>
              Inactive
            </Badge>
          )}
        </Flex>
      </Table.RowHeaderCell>
      {/* data-label: on a phone each field is shown under its column's name. */}
      <Table.Cell data-label="Gives">{promoGivesText(code)}</Table.Cell>
      <Table.Cell data-label="Valid">{validWindowText(code)}</Table.Cell>
      <Table.Cell data-label="Uses">{usesText(code)}</Table.Cell>
      <Table.Cell data-label="Per account">{perAccountText(code)}</Table.Cell>
      <Table.Cell data-label="First lesson only">
        {code.firstTimePupilsOnly ? 'Yes' : 'No'}
      </Table.Cell>
      <Table.Cell data-label="Courses">{coursesText(code.services)}</Table.Cell>
      <Table.Cell className="admin-promos__actions">
        <Flex gap="2" wrap="wrap">
          <PromoDialog
            editing={code}
            trigger={
              <Button variant="soft" size="2">
                Edit<span className="visually-hidden"> {code.code}</span>
              </Button>
            }
          />
          <ActiveToggle code={code} />
          <RedemptionsButton code={code} />
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

function PromoTable({
  codes,
  listRef,
}: {
  codes: AdminPromoCode[];
  listRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div className="admin-table-scroll" ref={listRef}>
      <Table.Root variant="surface" className="admin-promos-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Code</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Gives</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Valid</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Uses</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Per account</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>First lesson only</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Courses</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <span className="visually-hidden">Actions</span>
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {codes.map((code) => (
            <PromoRow key={code.id} code={code} />
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}

function PromoCodes() {
  const codes = usePromoCodes();
  useErrorToast(
    codes.isError,
    (error) =>
      adminLoadFailure(error, { title: 'Error', description: 'Failed to load the promo codes.' }),
    { error: codes.error, logAs: 'Failed to load promo codes' },
  );
  const listRef = useRef<HTMLDivElement>(null);
  const list = codes.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="admin-promos">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h3" size="3" m="0">
          Promo codes
        </Heading>
        <PromoDialog trigger={<Button>New code</Button>} />
      </Flex>
      {codes.isPending ? (
        <Flex align="center" gap="2" role="status">
          <Spinner /> <Text color="gray">Loading promo codes…</Text>
        </Flex>
      ) : codes.isError && list.length === 0 ? (
        <Flex align="center" gap="3" wrap="wrap">
          <Text color="red">Failed to load the promo codes.</Text>
          <Button variant="soft" onClick={() => void codes.refetch()}>
            Try again
          </Button>
        </Flex>
      ) : list.length === 0 ? (
        <Text color="gray">No promo codes yet. Make one with New code.</Text>
      ) : (
        <>
          <PromoTable codes={list} listRef={listRef} />
          <LoadMoreButton
            what="promo codes"
            hasMore={codes.hasNextPage}
            loading={codes.isFetchingNextPage}
            onLoadMore={() => void codes.fetchNextPage()}
            listRef={listRef}
            itemSelector=".admin-promos__row"
            focusSelector=".admin-promos__code"
          />
        </>
      )}
    </div>
  );
}

export function AdminPromotions() {
  return (
    <Card size="3" className="admin-section admin-promotions">
      <Heading as="h2" size="5" mb="3">
        Promotions
      </Heading>
      <SiblingDiscountForm />
      <PromoCodes />
    </Card>
  );
}
