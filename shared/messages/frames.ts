// Texts the hub's and the portal's first screens show that belong to a bigger section of the catalogue, as named
// exports: a first screen takes the few it shows from here instead of loading the whole section (each section
// below still has them, under its own keys). Everything else of those sections loads with the screens that use it.

/** reports.title: the hub's navigation. */
export const reportsTitle = 'Reports';
/** messages.navBadge: the hub's and the portal's way to their messages. */
export const messagesNavBadge = (n: number) => `Messages, ${n} unread`;
/** messages.sentInMessage: a file on the portal's dashboard that came with a message. */
export const sentInMessage = (thread: string) => `Sent in a message in “${thread}”`;
/** companies.noIndustry: the dashboard's recent companies. */
export const noIndustry = 'No industry specified';
/** approvals.dashboardCard and the approvals' "pending" filter and status. */
export const awaitingApproval = 'Awaiting approval';
/** approvals.dashboardOverdue. */
export const approvalsOverdue = (n: number) => (n === 0 ? 'None overdue' : `${n} overdue`);
/** dataPage.importFromCsv: the dashboard's getting-started card. */
export const importFromCsv = 'Import from CSV';
/** notifications.bellUnread: the hub header's bell. */
export const bellUnread = (count: number) => `Notifications, ${count} unread`;
/** search.shortcut: the hub header's search button. */
export const searchShortcut = 'Search or jump to… (Ctrl K)';
// The portal brand's logo text (account.logoAlt) is in ./texts-core.ts, with the sign-in pages' texts.
/** documents.unknownSize: a file's size when it is not known. */
export const unknownSize = 'Unknown size';
/** documents.viewer.open: a file's preview thumbnail. */
export const previewFile = (name: string) => `Preview ${name}`;
/** portalFlows' states: the portal dashboard's flows. */
export const flowNotStarted = 'Not started';
export const flowInProgress = 'In progress';
export const flowStepOf = (n: number, m: number) => `Step ${n} of ${m}`;
/** approvals' portal texts: the portal dashboard's files awaiting review. */
export const needsReview = 'Needs your review';
export const pastDue = 'Past due';
export const reviewFile = 'Review';
/** versions.portalOlder and .download: a shared file's earlier versions on the portal. */
export const portalOlderVersions = 'Earlier versions shared with you';
export const downloadVersion = (n: number) => `Download version ${n}`;
// The sign-in pages' single sign-on texts are in ./texts-core.ts (sso.signInWith, .emailFirst).
/** activity.title, .viewAll, .emptyTitle and .emptyAgency: the hub's navigation and its dashboard's activity card. */
export const activityTitle = 'Activity';
export const activityViewAll = 'View all activity →';
export const activityEmptyTitle = 'No activity yet';
export const activityEmptyAgency = 'Changes your team and your clients make show up here.';
