// The lesson in a LiveKit room (docs/decisions/098), loaded only when a lesson page enters one:
// livekit-client and its React components are this module's, behind a dynamic import, so no
// other page's bundle carries them. Everyone starts with camera and microphone off; each tile
// names its person from the token ("Amira K."). The controls are the components' own toggles with
// their words always shown: the prefab ControlBar drops to unlabelled icons on a phone. Their
// stylesheet is linked from here too (React puts it in the head and waits for it): imported
// as CSS, the build would add it to every page that can show the lesson view.
import livekitStyles from '@livekit/components-styles?url';
import {
  DisconnectButton,
  GridLayout,
  LiveKitRoom,
  ParticipantTile,
  RoomAudioRenderer,
  TrackToggle,
  useTracks,
} from '@livekit/components-react';
import { DisconnectReason, Track } from 'livekit-client';
import type { RoomOutcome } from './lesson-room-parts.tsx';

export function outcomeOf(reason: DisconnectReason | undefined): RoomOutcome {
  if (reason === DisconnectReason.ROOM_DELETED) return 'ended';
  if (reason === DisconnectReason.PARTICIPANT_REMOVED) return 'removed';
  if (reason === DisconnectReason.CLIENT_INITIATED) return 'left';
  return 'failed';
}

function Stage() {
  const tracks = useTracks(
    [
      { source: Track.Source.Camera, withPlaceholder: true },
      { source: Track.Source.ScreenShare, withPlaceholder: false },
    ],
    { onlySubscribed: false },
  );
  return (
    <GridLayout tracks={tracks} className="lesson-room__grid">
      <ParticipantTile />
    </GridLayout>
  );
}

export interface LiveKitLessonRoomProps {
  serverUrl: string;
  token: string;
  /** The tutor may share their screen. */
  host: boolean;
  onOutcome: (outcome: RoomOutcome) => void;
}

export default function LiveKitLessonRoom({
  serverUrl,
  token,
  host,
  onOutcome,
}: LiveKitLessonRoomProps) {
  return (
    <LiveKitRoom
      serverUrl={serverUrl}
      token={token}
      connect
      audio={false}
      video={false}
      data-lk-theme="default"
      className="lesson-room__stage"
      onDisconnected={(reason) => onOutcome(outcomeOf(reason))}
      onError={() => onOutcome('failed')}
    >
      <link rel="stylesheet" href={livekitStyles} precedence="default" />
      <Stage />
      <RoomAudioRenderer />
      <fieldset className="lk-control-bar lesson-room__controls">
        <legend className="visually-hidden">Lesson controls</legend>
        <TrackToggle source={Track.Source.Microphone} showIcon>
          Microphone
        </TrackToggle>
        <TrackToggle source={Track.Source.Camera} showIcon>
          Camera
        </TrackToggle>
        {host && (
          <TrackToggle source={Track.Source.ScreenShare} showIcon>
            Share screen
          </TrackToggle>
        )}
        <DisconnectButton>Leave lesson</DisconnectButton>
      </fieldset>
    </LiveKitRoom>
  );
}
