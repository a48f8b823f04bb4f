import * as T from './texts';

/** Review comments and pins on a file's version (issue 31): the viewer's side list, its pins, the errors. */
export const reviewComments = {
  title: T.reviewCommentsLabel,
  empty: 'No comments on this version yet.',
  loadFailed: 'The comments could not be loaded.',
  placeholder: 'Write a comment…',
  replyPlaceholder: 'Write a reply…',
  post: 'Add comment',
  reply: 'Reply',
  cancel: T.cancel,
  addPin: 'Add pin',
  addingPin: 'Click the file where the comment belongs',
  pinPlaced: (n: number) => `Pin ${n} placed. Write its comment.`,
  pinLabel: (n: number, author: string) => `Pin ${n}: comment by ${author}`,
  internalPinLabel: (n: number, author: string) => `Internal pin ${n}: note by ${author}`,
  pinOnPage: (page: number) => `page ${page}`,
  internal: T.internal,
  internalHint: 'Only your team sees an internal comment and its replies.',
  resolve: 'Resolve',
  reopen: 'Reopen',
  resolvedBy: (name: string) => `Resolved by ${name}`,
  showResolved: 'Show resolved',
  postFailed: 'The comment could not be posted.',
  // Errors (the server's, shown as they come).
  emptyBody: 'Write a comment first.',
  tooLong: (max: number) => `A comment is at most ${max.toLocaleString('en-US')} characters.`,
  notFound: 'Comment not found.',
  versionNotFound: 'Version not found.',
  pinOutside: 'A pin must be inside the file: x and y between 0 and 1.',
  pinPageOutside: (pages: number | null) =>
    pages === null ? 'A pin on a PDF names a page, 1 or more.' : `A pin on this PDF names a page from 1 to ${pages}.`,
  pinNoPage: 'A pin on an image has no page.',
  pinNotPreviewable: 'Pins are for images and PDFs; write a comment without a pin.',
  pinOnReply: 'A reply is never pinned: pin a new comment instead.',
  replyToReply: 'Reply to the first comment of the thread.',
  tooMany: (max: number) => `This version already has ${max.toLocaleString('en-US')} comments.`,
  throttled: 'You are commenting too fast. Try again in a moment.',
  /** The bell: a client commented on a file. */
  clientCommented: (who: string, file: string) => `${who} commented on “${file}”`,
} as const;
