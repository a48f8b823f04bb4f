import * as F from './frames';
import * as T from './texts';

/** File versions (issue 31): the history in a file's detail, a new version's upload and drop, the portal's list. */
export const versions = {
  title: 'Versions',
  current: 'Current',
  versionLabel: T.versionNumber,
  versionShort: (n: number) => `v${n}`,
  uploadNew: 'Upload new version',
  uploading: T.uploadingPercent,
  uploaded: (n: number) => `Version ${n} uploaded.`,
  uploadedReset: (n: number, resets: number) =>
    `Version ${n} uploaded. ${resets === 1 ? 'The pending approval request was reset.' : `${resets} pending approval requests were reset.`}`,
  uploadedReasked: (n: number) =>
    `Version ${n} uploaded. The approval request was reset and the client asked again about version ${n}.`,
  uploadFailed: 'The new version could not be uploaded.',
  download: F.downloadVersion,
  by: T.byName,
  unknownUploader: 'Unknown uploader',
  sha256: T.sha256,
  shareLabel: 'Shared with the client',
  shareHint: 'The client sees the current version; share an older one to let them download it too.',
  shared: (n: number) => `Version ${n} is shared with the client.`,
  unshared: (n: number) => `Version ${n} is no longer shared with the client.`,
  shareFailed: 'The version could not be shared.',
  loadMore: 'Show older versions',
  empty: 'No versions yet.',
  loadFailed: 'The versions could not be loaded.',
  /** Dragging a file onto an existing file's row or card. */
  dropHere: (name: string) => `Drop to add a new version of “${name}”`,
  confirmTitle: 'Add a new version?',
  confirmText: (name: string, n: number) => `“${name}” becomes version ${n}. Earlier versions stay in its history.`,
  confirmFile: (fileName: string) => `New file: ${fileName}`,
  confirmAction: (n: number) => `Upload version ${n}`,
  oneFileOnly: 'Drop one file at a time to add a version.',
  /** The viewer, open on a version when a newer one arrives live. */
  newerLive: (n: number) => `Version ${n} of this file was just uploaded.`,
  showNewer: (n: number) => `Show version ${n}`,
  /** The portal's file card. */
  portalOlder: F.portalOlderVersions,
  // Server errors
  notFound: 'Version not found',
  /** Two new versions of one file at the same moment: one of them is told to try again. */
  concurrent: 'Another version of this file was uploaded at the same moment. Please try again.',
  currentIsShared: 'The current version follows the file’s own sharing; only earlier versions are shared one by one.',
} as const;
