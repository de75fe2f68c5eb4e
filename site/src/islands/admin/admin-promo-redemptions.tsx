// Who used a promo code (docs/decisions/082): each use with the account (name and e-mail, or that
// it was deleted since), the pupils, the amount the server took off, whether the checkout is
// still holding it, paid or let go, and when, in London time. Loaded when the dialog opens.
import { Badge, Button, Dialog, Flex, Spinner, Text } from '@radix-ui/themes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { pounds, retryUnlessRefused } from './admin-format.ts';
import { LoadMoreButton } from './admin-pager.tsx';
import { londonDateTime, pupilsText, REDEMPTION_STATUS_WORDS } from './admin-promo-words.ts';
import {
  type AdminPromoCode,
  type PromoRedemption,
  promotionsApi,
} from './admin-promotions-api.ts';

const STATUS_COLOUR = { held: 'amber', redeemed: 'green', released: 'gray' } as const;

function RedemptionItem({ redemption }: { redemption: PromoRedemption }) {
  return (
    <li className="admin-redemption">
      <Flex justify="between" gap="2" wrap="wrap" align="center">
        <Text weight="medium" className="admin-redemption__who" tabIndex={-1}>
          {redemption.account?.name ?? 'Deleted account'}
        </Text>
        <Badge color={STATUS_COLOUR[redemption.status]} highContrast>
          {REDEMPTION_STATUS_WORDS[redemption.status]}
        </Badge>
      </Flex>
      {redemption.account && (
        <Text as="p" size="2" m="0" className="admin-redemption__email">
          {redemption.account.email}
        </Text>
      )}
      <Text as="p" size="2" m="0">
        {redemption.pupils.length > 0 && `For ${pupilsText(redemption.pupils)}: `}
        {pounds(redemption.discountPence)} off
      </Text>
      <Text as="p" size="2" m="0" color="gray">
        {londonDateTime(redemption.at)}
      </Text>
    </li>
  );
}

function RedemptionList({ code }: { code: AdminPromoCode }) {
  const list = useInfiniteQuery({
    queryKey: ['admin', 'promo-codes', code.id, 'redemptions'],
    queryFn: ({ pageParam }) => promotionsApi.redemptions(code.id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });
  const listRef = useRef<HTMLUListElement>(null);
  if (list.isPending) {
    return (
      <Flex align="center" gap="2" role="status" mt="3">
        <Spinner /> <Text color="gray">Loading who used it…</Text>
      </Flex>
    );
  }
  if (list.isError) {
    return (
      <Flex align="center" gap="3" mt="3" wrap="wrap">
        <Text color="red" role="alert">
          The uses of {code.code} could not be loaded.
        </Text>
        <Button variant="soft" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Flex>
    );
  }
  const uses = list.data.pages.flatMap((page) => page.items);
  if (uses.length === 0) {
    return (
      <Text as="p" color="gray" mt="3">
        Nobody has used {code.code} yet.
      </Text>
    );
  }
  return (
    <>
      <ul className="admin-redemptions" ref={listRef} aria-busy={list.isFetchingNextPage}>
        {uses.map((redemption) => (
          <RedemptionItem key={redemption.id} redemption={redemption} />
        ))}
      </ul>
      <LoadMoreButton
        what="uses"
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        listRef={listRef}
        itemSelector=".admin-redemption"
        focusSelector=".admin-redemption__who"
      />
    </>
  );
}

export function RedemptionsButton({ code }: { code: AdminPromoCode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="soft" size="2">
          Redemptions<span className="visually-hidden"> of {code.code}</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>Who used {code.code}</Dialog.Title>
        <Dialog.Description size="2">
          Held uses belong to checkouts still waiting for payment; released ones were never paid and
          no longer count.
        </Dialog.Description>
        {open && <RedemptionList code={code} />}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
