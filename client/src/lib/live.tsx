/**
 * Live updates in a window: one stream per window (hub: live.events; portal: portalLive.events, server-sent events
 * through tRPC's httpSubscriptionLink), shared by every screen through useLiveEvents. When the connection drops, the
 * link reconnects by itself and the server sends what was missed from the last event id; after a refusal (429, a
 * server that went away) the stream is opened again after a pause with that id. A "live.reset" (too much missed)
 * refetches everything the window shows. The stream carries signals, never records: screens refetch through their
 * usual queries.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIVE_READY_TOPIC, LIVE_RESET_TOPIC, type LiveMessage } from '../../../shared/live';
import { live as texts } from '../../../shared/messages/live';
import { errorCode, trpc } from './trpc';

type Listener = { matches: (topic: string) => boolean; onEvent: (message: LiveMessage) => void };
/** connecting: the first connection; live: connected; reconnecting: it was, and is trying again. */
type LiveState = 'connecting' | 'live' | 'reconnecting';

const LiveContext = createContext<{ listeners: Set<Listener>; state: LiveState } | null>(null);

/** A tracked event arrives as { id, data }; an ephemeral one (typing, ready) as the message itself. */
type Envelope = LiveMessage | { id: string; data: LiveMessage };
const messageOf = (envelope: Envelope): LiveMessage => ('topic' in envelope ? envelope : envelope.data);

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export function LiveProvider({ audience, children }: { audience: 'staff' | 'portal'; children: ReactNode }) {
  const listeners = useRef(new Set<Listener>()).current;
  const queryClient = useQueryClient();
  const lastId = useRef<string | null>(null);
  const wasLive = useRef(false);
  const failures = useRef(0);
  const [attempt, setAttempt] = useState(0);
  // A new subscription (after a refusal) starts from the last event this window saw.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed on purpose for each new attempt
  const input = useMemo(() => (lastId.current ? { lastEventId: lastId.current } : undefined), [attempt]);
  const procedure = audience === 'staff' ? trpc.live.events : trpc.portalLive.events;
  const subscription = procedure.useSubscription(input, {
    onData(envelope: Envelope) {
      const message = messageOf(envelope);
      if (message.id !== null && message.topic !== LIVE_RESET_TOPIC) lastId.current = String(message.id);
      if (message.topic === LIVE_READY_TOPIC) {
        wasLive.current = true;
        failures.current = 0;
        return;
      }
      if (message.topic === LIVE_RESET_TOPIC) {
        lastId.current = message.id === null ? lastId.current : String(message.id);
        void queryClient.invalidateQueries();
        return;
      }
      for (const listener of listeners) if (listener.matches(message.topic)) listener.onEvent(message);
    },
    onError(error) {
      // The session ended: the layout's own check shows the sign-in page.
      if (errorCode(error) === 'UNAUTHORIZED') {
        void queryClient.invalidateQueries({
          queryKey: audience === 'staff' ? [['auth', 'me']] : [['portalAuth', 'me']],
        });
        return;
      }
      const wait = RETRY_MS[Math.min(failures.current++, RETRY_MS.length - 1)];
      setTimeout(() => setAttempt((n) => n + 1), wait);
    },
  });
  const connected = subscription.status === 'pending';
  const state: LiveState = connected ? 'live' : wasLive.current ? 'reconnecting' : 'connecting';
  const value = useMemo(() => ({ listeners, state }), [listeners, state]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/**
 * @public (the areas' screens: messages…)
 * Calls onEvent for each live event whose topic matches (a topic, a list, or a prefix ending in "."), e.g.
 * useLiveEvents('message.', () => utils.messages.invalidate()). Outside a LiveProvider it does nothing.
 */
export function useLiveEvents(topics: string | readonly string[], onEvent: (message: LiveMessage) => void) {
  const context = useContext(LiveContext);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = typeof topics === 'string' ? topics : topics.join('|');
  useEffect(() => {
    if (!context) return;
    const wanted = key.split('|');
    const listener: Listener = {
      matches: (topic) => wanted.some((w) => (w.endsWith('.') ? topic.startsWith(w) : topic === w)),
      onEvent: (message) => handler.current(message),
    };
    context.listeners.add(listener);
    return () => {
      context.listeners.delete(listener);
    };
  }, [context, key]);
}

/** The window's live connection: "Reconnecting…" while a dropped connection is being restored (nothing otherwise). */
export function LiveStatus({ className }: { className?: string }) {
  const state = useContext(LiveContext)?.state;
  if (state !== 'reconnecting') return null;
  return (
    <output
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full bg-amber-50 p-1.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 sm:px-2.5 sm:py-1 ${className ?? ''}`}
      title={texts.reconnectingHint}
    >
      <span aria-hidden className="size-2 animate-pulse rounded-full bg-amber-500" />
      {/* Phones: the dot alone (its title and this text for screen readers), so the header keeps its place. */}
      <span className="sr-only sm:not-sr-only">{texts.reconnecting}</span>
    </output>
  );
}
