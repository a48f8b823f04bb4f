/** Live updates (server/live): the stream's refusals and the small "reconnecting" state windows show. */
export const live = {
  tooManyConnections: (max: number) =>
    `Too many live connections: at most ${max} at once. Close a few windows of Clientflow and try again.`,
  reconnecting: 'Reconnecting…',
  reconnectingHint: 'Live updates paused; catching up as soon as the connection is back.',
  ended: 'Your session has ended. Sign in again to see live updates.',
  typingThrottled: 'Typing indicators are sent at most once a second.',
};
