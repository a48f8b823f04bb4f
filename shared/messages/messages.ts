import * as F from './frames';
import * as T from './texts';

const newMessages = (count: number) => `${count} new messages`;

/** Messages (issue 30): conversations between the agency and its clients, in the hub and the portal. */
export const messages = {
  // Errors and refusals.
  threadNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  companyNotFound: T.companyNotFound,
  companyRequired: 'Choose a company.',
  projectNotFound: T.projectNotFound,
  assigneeNotFound: 'Team member not found',
  attachmentNotFound: 'Attachment not found',
  attachmentOtherCompany: 'An attachment must be a file of this conversation’s company.',
  empty: 'Write a message first: an empty message cannot be sent.',
  tooLong: (max: number) =>
    `A message holds at most ${max.toLocaleString('en-US')} characters. Shorten it or split it in two.`,
  subjectRequired: 'Give the conversation a subject.',
  tooManyAttachments: (max: number) => `A message holds at most ${max} attachments.`,
  throttled: 'You are sending messages too quickly. Wait a moment and try again.',
  notAuthor: 'Only the author can change a message.',
  editWindowOver: (minutes: number) => `A message can be changed only within ${minutes} minutes of sending it.`,
  alreadyDeleted: 'This message was already deleted.',
  // Replies by e-mail (the sender reads these in the bounce).
  emailReplyThreadGone: 'This conversation no longer exists, so your reply could not be posted.',
  emailReplyNoAccess:
    'You no longer have access to this conversation, so your reply was not posted. Contact the agency directly.',
  emailReplyNoLongerTeam: 'You are no longer on this team, so your reply was not posted.',
  emailReplyTooLarge: 'An attachment is larger than the upload limit, so your reply was not posted.',
  emailReplyOnlyFiles: '(files attached)',
  // Unread messages by e-mail (server/domain/messages/email.ts).
  emailSubject: (count: number, from: string, thread: string) =>
    `${count === 1 ? 'New message' : newMessages(count)} from ${from} in “${thread}”`,
  emailIntro: (firstName: string, count: number, thread: string) =>
    `Hi ${firstName},\n\nYou have ${count === 1 ? 'a new message' : newMessages(count)} in “${thread}”.`,
  emailMessage: (author: string, when: string, body: string) => `${author} wrote (${when}):\n${body}`,
  emailMore: (count: number) => `…and ${count} earlier message${count === 1 ? '' : 's'} not shown here.`,
  emailDeletedBody: '(deleted)',
  emailOpen: (url: string) => `Read and answer in the conversation:\n${url}`,
  emailReplyHint: 'You can also answer by replying to this e-mail (keep your reply above the quoted text).',
  emailStaffSettings: (url: string) => `Choose which e-mails you get: ${url}`,
  // Mentions (the bell).
  mentioned: (actor: string, thread: string) => `${actor} mentioned you in “${thread}”`,
  clientWrote: (actor: string, thread: string) => `${actor} wrote in “${thread}”`,
  // Thread names.
  companyThread: (company: string) => company,
  projectThread: (project: string) => project,
  // Screens.
  title: T.messagesLabel,
  inboxDescription: 'Every conversation with your clients, unread first.',
  searchPlaceholder: 'Search by subject or company',
  filterUnread: 'Unread only',
  filterWaiting: 'Waiting for us',
  filterMine: 'Assigned to me',
  filterCompany: T.company,
  filterProject: T.project,
  allCompanies: T.allCompaniesTitle,
  allProjects: T.allProjects,
  emptyInbox: 'No conversations yet',
  emptyInboxHint: 'Open a company to write to its contacts, or start a conversation with a subject.',
  emptyFiltered: 'No conversation matches these filters',
  newTopic: 'New conversation',
  newTopicTitle: 'Start a conversation',
  subject: 'Subject',
  company: T.company,
  start: 'Start conversation',
  openCompanyThread: 'Open the company’s conversation',
  kindCompany: 'Company conversation',
  kindProject: T.project,
  kindTopic: 'Topic',
  unreadCount: (n: number) => `${n} unread`,
  assignedTo: (name: string) => `Assigned to ${name}`,
  unassigned: 'Not assigned',
  assign: 'Assign',
  noMessages: 'No messages yet',
  chooseConversation: 'Choose a conversation to read it, or start a new one.',
  noMessagesHint: 'Write the first message below.',
  noMessagesPortal: 'No messages yet. Write to us below, we usually answer within a day.',
  olderMessages: 'Show older messages',
  /** The typing indicator under a conversation. */
  typing: (names: string[]) =>
    names.length === 1
      ? `${names[0]} is typing…`
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are typing…`,
  composerLabel: 'Message',
  composerPlaceholder: 'Write a message… (markdown works: **bold**, lists, links)',
  composerPlaceholderInternal: 'Write an internal note for your team…',
  internalToggle: T.internalNote,
  internalBanner: 'Internal note — clients never see this',
  send: 'Send',
  sendNote: 'Add note',
  attach: 'Attach file',
  attaching: 'Uploading…',
  removeAttachment: (name: string) => `Remove the attachment ${name}`,
  attachments: 'Attachments',
  edit: T.edit,
  save: T.save,
  cancel: T.cancel,
  delete: T.deleteLabel,
  deleteConfirm: 'Delete this message? Everyone in the conversation sees that a message was deleted.',
  deleted: 'This message was deleted.',
  edited: T.edited,
  you: T.you,
  seenBy: (names: string) => `Seen by ${names}`,
  notSeenYet: 'Not seen yet',
  seenByAgency: 'Seen',
  sent: 'Sent',
  navBadge: F.messagesNavBadge,
  portalDescription: (agency: string) => `Your conversations with ${agency}.`,
  portalEmptyHint: (agency: string) =>
    `When ${agency} writes to you, the conversation appears here. You can also write to them now.`,
  writeToAgency: (agency: string) => `Write to ${agency}`,
  agency: (agency: string) => agency,
  fileFromMessage: 'Sent in a message',
  // The portal's search of the client's conversations.
  portalSearch: 'Search your messages',
  portalSearchResults: (q: string) => `Messages matching “${q}”`,
  portalSearchNone: (q: string) => `No message matches “${q}”.`,
  portalSearchNoneHint: T.tryFewerWords,
  portalSearchConversation: 'Conversation',
  /** A file attached to a message, in the hub's and the portal's Files: where it came from. */
  sentInMessage: F.sentInMessage,
  sentInNote: (thread: string) => `Attached to an internal note in “${thread}”`,
  uploadStorageFull: 'This file could not be attached: the agency’s file storage is full. Please let them know.',
  attachmentUploadFailed: 'The file could not be attached. Try again.',
  attachmentProgress: (name: string, percent: number) => `Uploading ${name}: ${percent}%`,
} as const;
