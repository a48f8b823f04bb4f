import * as T from './texts';

/** Saved views: a list's filters and sort under a name (the list toolbar's Views menu). */
const VIEWS = 'Views';
const SAVE_VIEW = 'Save view';

export const savedViews = {
  button: VIEWS,
  /** The menu's accessible name, with the active view when one is applied. */
  buttonLabel: (active: string | null) => (active ? `${VIEWS}, ${active} applied` : VIEWS),
  /** The first item: the list as it is without a view. */
  all: (area: string) => `All ${area.toLowerCase()}`,
  mine: 'My views',
  team: 'Team views',
  save: 'Save view…',
  emptyTitle: 'No saved views yet',
  emptyText: 'Filter or sort this list, then choose Save view… to keep it under a name.',
  by: T.byName,
  manage: (name: string) => `Change ${name}`,
  share: 'Share with the team',
  unshare: 'Make personal',
  delete: T.deleteLabel,
  loadFailed: 'Saved views could not be loaded.',
  // The dialog.
  saveTitle: SAVE_VIEW,
  editTitle: 'Change view',
  saveIntro: 'Keeps this list’s search, filters, sort and layout.',
  name: T.name,
  namePlaceholder: 'e.g. Active clients by status',
  shareHint: 'Everyone on the team sees it in Team views. Without it, only you do.',
  saveButton: SAVE_VIEW,
  saveChanges: T.saveChanges,
  saving: T.savingBusy,
  cancel: T.cancel,
  saved: (name: string) => `View saved: ${name}`,
  shared: (name: string) => `${name} is now a team view`,
  unshared: (name: string) => `${name} is now your personal view`,
  saveFailed: 'Failed to save the view',
  deleteTitle: T.deleteQuestion,
  deleteTextTeam: 'Everyone on the team loses this view. The records in it are not touched.',
  deleteTextMine: 'The view is removed from your list. The records in it are not touched.',
  deleting: T.deletingBusy,
  deleted: (name: string) => `View deleted: ${name}`,
  deleteFailed: 'Failed to delete the view',
  // The server's refusals.
  nameRequired: 'Give the view a name.',
  nameTooLong: (max: number) => `A view’s name can be at most ${max} characters.`,
  queryTooLong: (max: number) =>
    `These filters are too long to save as a view (at most ${max} characters). Remove some and try again.`,
  tooMany: (max: number) => `You already have ${max} views of this list. Delete one before saving another.`,
  nameTaken: (name: string, shared: boolean) =>
    shared ? `The team already has a view named ${name}.` : `You already have a view named ${name}.`,
  notFound: 'That view does not exist.',
  notYours: 'Only the person who saved this view, the owner or an admin can change it.',
} as const;
