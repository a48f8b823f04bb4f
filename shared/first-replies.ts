// The replies a first screen's page carries (server/lib/page-replies.ts writes them, client/src/lib/pageReplies.ts puts
// them into the query cache before the first render): each a procedure and its input, exactly as the screen asks for it,
// so that the screen's first render is the finished page, with no round trip after the code and no placeholders.

/** Entries in the hub dashboard's "Recent activity" card. */
export const HUB_RECENT_ACTIVITY = 6;
/** Events in the portal dashboard's recent activity. */
export const PORTAL_RECENT_ACTIVITY = 5;

/** A procedure's path and its input (none: called without one). */
export type FirstQuery = readonly [path: string, input?: unknown];

export const FIRST_REPLIES = {
  /** /hub: the dashboard's cards and the header's counts (client/src/features/dashboard/DashboardPage.tsx, HubLayout). */
  hubDashboard: [
    ['dashboard.stats'],
    ['dashboard.overview'],
    ['approvals.summary'],
    ['activity.recent', { limit: HUB_RECENT_ACTIVITY }],
    ['messages.unread'],
    ['notifications.unreadCount'],
  ],
  /** /portal/{slug}/dashboard: its sections and the header's unread count (PortalDashboardPage, usePortalUnread). */
  portalDashboard: [
    ['portal.dashboard'],
    ['portalFlows.list'],
    ['portalApprovals.reviews'],
    ['portalActivity.list', { limit: PORTAL_RECENT_ACTIVITY }],
    ['portalMessages.unread'],
  ],
} as const satisfies Record<string, readonly FirstQuery[]>;
