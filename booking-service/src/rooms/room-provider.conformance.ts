import {
  AccessToken,
  type ClaimGrants,
  EgressInfo,
  EgressStatus,
  ParticipantInfo,
  Room,
  TokenVerifier,
  WebhookEvent,
} from 'livekit-server-sdk';
import { describe, expect, it } from 'vitest';
import { signLiveKitWebhook } from './providers/livekit-rooms.ts';
import { type RoomGrant, type RoomProvider, RoomWebhookRejected } from './room-provider.ts';

/*
 * The rules every room provider keeps that need no media server (docs/decisions/098): what its
 * tokens grant, to whom and for how long, and which webhooks it believes. Run by each
 * provider's test file with the key the provider signs with.
 */

export interface ConformanceSubject {
  provider: RoomProvider;
  apiKey: string;
  apiSecret: string;
}

const NOW = new Date('2026-11-03T16:45:00Z');
const LESSON_END_PLUS_FIVE = new Date('2026-11-03T18:05:00.900Z');
/** Whole seconds from NOW to LESSON_END_PLUS_FIVE: the most a token may live. */
const LIFETIME_SECONDS = 80 * 60;

const HOST: RoomGrant = {
  room: 'session-0f8a2c3e',
  identity: 'tutor-7d1e',
  name: 'Priya S.',
  role: 'host',
  expiresAt: LESSON_END_PLUS_FIVE,
  now: NOW,
};
const PUPIL: RoomGrant = { ...HOST, identity: 'pupil-4b2a', name: 'Amira K.', role: 'pupil' };

/** The claims a room token may carry: who, what they may do, and the JWT's own fields. */
const ALLOWED_CLAIMS = ['iss', 'sub', 'nbf', 'exp', 'iat', 'jti', 'name', 'video'];

/** A LiveKit webhook body as LiveKit's server writes it (protobuf JSON). */
function webhookBody(build: (event: WebhookEvent) => void): string {
  const event = new WebhookEvent({ id: 'EV_conformance1', createdAt: 1_793_720_000n });
  build(event);
  return event.toJsonString();
}

const egressEnded = (status: EgressStatus, error = '') =>
  webhookBody((event) => {
    event.event = 'egress_ended';
    event.egressInfo = new EgressInfo({
      egressId: 'EG_conformance1',
      roomName: HOST.room,
      status,
      error,
      fileResults:
        status === EgressStatus.EGRESS_COMPLETE
          ? [{ filename: 'recordings/s-1/r-1.mp4', size: 123_456n }]
          : [],
    });
  });

export function describeRoomProviderConformance(
  name: string,
  makeProvider: () => Promise<ConformanceSubject>,
) {
  describe(`${name} keeps the room provider's rules`, () => {
    tokenRules(makeProvider);
    webhookReading(makeProvider);
    webhookRejection(makeProvider);
  });
}

/** What a token grants, to whom, for how long, signed with which key. */
function tokenRules(makeProvider: () => Promise<ConformanceSubject>) {
  const claimsOf = async (subject: ConformanceSubject, grant: RoomGrant) => {
    const entry = await subject.provider.issueToken(grant);
    const claims = await new TokenVerifier(subject.apiKey, subject.apiSecret).verify(entry.token);
    return { entry, claims };
  };

  it('mints a token for exactly the grant’s room, person and name, living no longer than asked', async () => {
    const subject = await makeProvider();
    const { entry, claims } = await claimsOf(subject, HOST);
    expect(entry.provider).toBe(subject.provider.kind);
    expect(entry.serverUrl).toBe(subject.provider.serverUrl);
    expect(claims.video?.room).toBe(HOST.room);
    expect(claims.video?.roomJoin).toBe(true);
    expect(claims.video?.canSubscribe).toBe(true);
    expect(claims.sub).toBe(HOST.identity);
    expect(claims.name).toBe(HOST.name);
    expect(claims.iss).toBe(subject.apiKey);
    expect(claims.exp! - claims.nbf!).toBeLessThanOrEqual(LIFETIME_SECONDS);
    expect(claims.exp! - claims.nbf!).toBeGreaterThanOrEqual(LIFETIME_SECONDS - 1);
    expect(Date.parse(entry.expiresAt)).toBeLessThanOrEqual(LESSON_END_PLUS_FIVE.getTime());
  });

  it('puts no personal data in a token beyond the identity and display name', async () => {
    const subject = await makeProvider();
    for (const grant of [HOST, PUPIL]) {
      const { claims } = await claimsOf(subject, grant);
      for (const claim of Object.keys(claims)) expect(ALLOWED_CLAIMS).toContain(claim);
      expect(claims.metadata).toBeUndefined();
      expect(claims.attributes).toBeUndefined();
      expect(JSON.stringify(claims)).not.toContain('@');
    }
  });

  it('lets the host run the room: room admin, publishing anything and data', async () => {
    const { claims } = await claimsOf(await makeProvider(), HOST);
    expect(claims.video).toMatchObject({
      roomAdmin: true,
      canPublish: true,
      canPublishData: true,
    });
    expect(claims.video?.canPublishSources).toBeUndefined();
  });

  it('lets a pupil publish camera and microphone only, with no data and no admin', async () => {
    const { claims } = await claimsOf(await makeProvider(), PUPIL);
    const video = claims.video as ClaimGrants['video'] & { canPublishSources?: unknown };
    expect(video?.canPublishSources).toEqual(['camera', 'microphone']);
    expect(video?.canPublishData).toBe(false);
    expect(video?.roomAdmin).not.toBe(true);
  });

  it('refuses to mint an entry that has no time left', async () => {
    const { provider } = await makeProvider();
    await expect(provider.issueToken({ ...PUPIL, expiresAt: NOW })).rejects.toThrow();
    await expect(
      provider.issueToken({ ...PUPIL, expiresAt: new Date(NOW.getTime() + 999) }),
    ).rejects.toThrow();
  });

  it('signs with its own key: another key does not verify its tokens', async () => {
    const subject = await makeProvider();
    const { token } = await subject.provider.issueToken(PUPIL);
    await expect(
      new TokenVerifier(subject.apiKey, `${subject.apiSecret}-other`).verify(token),
    ).rejects.toThrow();
    await expect(new TokenVerifier('other-key', subject.apiSecret).verify(token)).rejects.toThrow();
  });
}

/** A correctly signed webhook is believed and read the same way by every provider. */
function webhookReading(makeProvider: () => Promise<ConformanceSubject>) {
  it('believes a webhook signed with its key, and reads what it says', async () => {
    const subject = await makeProvider();
    const key = { apiKey: subject.apiKey, apiSecret: subject.apiSecret };
    const verify = async (body: string) =>
      subject.provider.verifyWebhook(body, await signLiveKitWebhook(body, key));

    expect(await verify(egressEnded(EgressStatus.EGRESS_COMPLETE))).toEqual({
      id: 'EV_conformance1',
      kind: 'recording-ended',
      room: HOST.room,
      recordingId: 'EG_conformance1',
      fileKey: 'recordings/s-1/r-1.mp4',
      bytes: 123_456,
      error: null,
    });
    expect(await verify(egressEnded(EgressStatus.EGRESS_FAILED, 'upload failed'))).toEqual({
      id: 'EV_conformance1',
      kind: 'recording-ended',
      room: HOST.room,
      recordingId: 'EG_conformance1',
      fileKey: null,
      bytes: null,
      error: 'upload failed',
    });
    const joined = webhookBody((event) => {
      event.event = 'participant_joined';
      event.room = new Room({ name: HOST.room });
      event.participant = new ParticipantInfo({ identity: PUPIL.identity, name: PUPIL.name });
    });
    expect(await verify(joined)).toEqual({
      id: 'EV_conformance1',
      kind: 'participant-joined',
      room: HOST.room,
      identity: PUPIL.identity,
    });
    const finished = webhookBody((event) => {
      event.event = 'room_finished';
      event.room = new Room({ name: HOST.room });
    });
    expect(await verify(finished)).toEqual({
      id: 'EV_conformance1',
      kind: 'room-finished',
      room: HOST.room,
    });
    const published = webhookBody((event) => {
      event.event = 'track_published';
    });
    expect(await verify(published)).toEqual({
      id: 'EV_conformance1',
      kind: 'ignored',
      providerType: 'track_published',
    });
  });
}

/** Anything else claiming to be a webhook is rejected. */
function webhookRejection(makeProvider: () => Promise<ConformanceSubject>) {
  it('rejects a changed body, another key, a missing signature and a token without a hash', async () => {
    const subject = await makeProvider();
    const key = { apiKey: subject.apiKey, apiSecret: subject.apiSecret };
    const body = egressEnded(EgressStatus.EGRESS_COMPLETE);
    const authorization = await signLiveKitWebhook(body, key);
    const changed = body.replace('123456', '654321');
    expect(changed).not.toBe(body);
    await expect(subject.provider.verifyWebhook(changed, authorization)).rejects.toBeInstanceOf(
      RoomWebhookRejected,
    );
    const otherKey = await signLiveKitWebhook(body, { ...key, apiSecret: `${key.apiSecret}x` });
    await expect(subject.provider.verifyWebhook(body, otherKey)).rejects.toBeInstanceOf(
      RoomWebhookRejected,
    );
    await expect(subject.provider.verifyWebhook(body, undefined)).rejects.toBeInstanceOf(
      RoomWebhookRejected,
    );
    // A room token of the right key is not a webhook signature: it carries no body hash.
    const roomToken = new AccessToken(key.apiKey, key.apiSecret, { identity: 'x', ttl: 60 });
    await expect(
      subject.provider.verifyWebhook(body, await roomToken.toJwt()),
    ).rejects.toBeInstanceOf(RoomWebhookRejected);
  });
}
