import { parseSmsKeyword, type SmsKeyword } from '@tuition/domain';
import { SMS_KINDS, type SmsKind } from '@tuition/api-contract';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { smsConsents, smsSettings } from '../db/schema.ts';
import { queueServiceText, sendDueTexts, type TextingDeps, textContent } from './texting.ts';

/*
 * Replies to the business's number (docs/decisions/103). STOP (and its synonyms) turns every
 * kind off for every account verified with that number at once, remembering what was on, and
 * is acknowledged once; START turns back what was on; HELP answers with the business's name
 * and contact. Any other reply is ignored. Twilio answers these keywords itself (its opt-out
 * management), so the service only sends its own answer through the local twin.
 */

export async function receiveReply(
  deps: TextingDeps,
  reply: { from: string; body: string; messageId: string },
): Promise<SmsKeyword | 'ignored'> {
  const keyword = parseSmsKeyword(reply.body);
  if (!keyword) return 'ignored';
  const now = deps.clock.now();
  const content = await textContent(deps.content);
  const answer = await deps.db.transaction(async (tx) => {
    if (keyword === 'help') {
      const contact = [content.contactEmail, content.contactPhone].filter(Boolean).join(' or ');
      return `${content.business}: texts about your bookings. Help: ${contact}. Reply STOP to stop texts, START to start again.`;
    }
    const stopping = keyword === 'stop';
    const accounts = await tx
      .select()
      .from(smsSettings)
      .where(
        and(
          eq(smsSettings.verifiedPhone, reply.from),
          stopping ? isNull(smsSettings.stoppedAt) : isNotNull(smsSettings.stoppedAt),
        ),
      )
      .for('update');
    for (const account of accounts) {
      const on = SMS_KINDS.filter((kind) => account[kind]);
      const restore: readonly SmsKind[] = stopping ? [] : account.stoppedKinds;
      const choices = Object.fromEntries(SMS_KINDS.map((kind) => [kind, restore.includes(kind)]));
      await tx
        .update(smsSettings)
        .set({
          ...choices,
          stoppedAt: stopping ? now : null,
          stoppedKinds: stopping ? on : [],
          updatedAt: now,
        })
        .where(eq(smsSettings.userId, account.userId));
      const recorded = stopping ? on : restore;
      if (recorded.length > 0) {
        await tx.insert(smsConsents).values(
          recorded.map((kind) => ({
            userId: account.userId,
            kind,
            granted: !stopping,
            wording: stopping ? 'Replied STOP by text' : 'Replied START by text',
            at: now,
          })),
        );
      }
    }
    // Acknowledged once: a second STOP (nothing left to stop) gets no answer.
    if (accounts.length === 0) return undefined;
    return stopping
      ? `${content.business}: you will get no more texts from us. Reply START to start them again.`
      : `${content.business}: texts are back on. Reply STOP to stop them.`;
  });
  if (answer && deps.sms.kind === 'local') {
    const id = await queueServiceText(deps, deps.db, {
      key: `reply:${reply.messageId}`,
      userId: null,
      to: reply.from,
      kind: 'reply',
      body: answer,
    });
    if (id) await sendDueTexts(deps, { ids: [id] });
  }
  return keyword;
}
