import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '../../../lib/auth';
import { createLiveChannel, type LiveChannel } from './live-channel';
import { personColor } from './presence';

/**
 * The open editor's live channel to its canvas (decision 0056): made when the editor mounts and
 * closed when it goes, as the person signed in now.
 */
export const useLiveCanvas = (canvasId: number) => {
  const { user } = useSession();
  const [channel, setChannel] = useState<LiveChannel | null>(null);
  const userId = user?.id;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';
  useEffect(() => {
    if (userId === undefined) return;
    const opened = createLiveChannel(canvasId, { id: userId, name, color: personColor(userId) });
    // A connection opened on mount and closed on unmount (twice in StrictMode, each its own):
    // the editor renders with the one that is open now.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setChannel(opened);
    return () => {
      opened.close();
      setChannel(null);
    };
  }, [canvasId, userId, name]);
  return channel;
};

const neverChanges = () => () => {};
const noStatus = () => null;

/** The channel's status, re-rendering when it changes. */
export const useLiveStatus = (channel: LiveChannel | null) =>
  useSyncExternalStore(channel?.subscribe ?? neverChanges, channel?.status ?? noStatus);
