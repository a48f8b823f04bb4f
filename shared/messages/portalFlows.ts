import * as F from './frames';
import * as T from './texts';

/** A required answer left empty, whatever the label's grammar ("Logo files", "Company name"). */
const requiredAnswer = (label: string, fieldType?: string) =>
  fieldType === 'file' ? `Please upload a file for “${label}”.` : `Please fill in “${label}”.`;

/** Flows in the client portal (/portal/{slug}/workflows) and the hub's submissions view. Not in the old app. */
export const portalFlows = {
  title: T.flows,
  intro: 'Onboarding guides, information and forms your agency shared with you.',
  notFound: T.flowNotFound,
  notFoundText: 'This flow does not exist or is not shared with you.',
  backToFlows: T.backToFlows,
  empty: T.noFlowsYet,
  emptyText: 'When your agency shares an onboarding guide or a form with you, it will appear here.',
  loadFailed: 'Failed to load flows. Please try again.',
  loadOneFailed: T.flowLoadFailed,
  notStarted: F.flowNotStarted,
  inProgress: F.flowInProgress,
  completed: T.completed,
  stepOf: F.flowStepOf,
  stepsCount: T.stepsCount,
  start: T.start,
  resume: T.continueLabel,
  review: T.view,
  back: T.back,
  next: 'Next',
  finish: 'Finish',
  noSteps: 'This flow has no steps yet.',
  noFields: 'Nothing to fill in on this step.',
  selectPlaceholder: T.selectAnOption,
  saveFailed: 'Your answers could not be saved. Please try again.',
  submitted: 'Flow completed',
  submittedText: (when: string) =>
    `Thank you! You completed this flow on ${when}. Your agency has received your answers.`,
  submitFailed: 'The flow could not be submitted. Please try again.',
  alreadySubmitted: 'This flow has already been completed.',
  required: (label: string, fieldType?: string) => requiredAnswer(label, fieldType),
  checkboxRequired: (label: string) => `Please tick ${label}`,
  checkboxInvalid: (label: string) => `${label} must be ticked or not`,
  textInvalid: T.mustBeText,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  notAChoice: (label: string) => `${label}: please choose one of the options`,
  badDate: (label: string) => `${label}: please enter a valid date (yyyy-mm-dd)`,
  fileInvalid: (label: string) => `${label}: please upload the file again`,
  fieldNotInStep: 'This answer belongs to no field of this step.',
  /** A required answer missing from a submission (the same sentence as an empty one). */
  missingField: (label: string, fieldType?: string) => requiredAnswer(label, fieldType),
  notAFileField: 'This field does not take a file.',
  /** The agency's storage quota is used up (what the client is told; staff see the numbers in Account → Data). */
  storageFull: 'This file could not be saved: your agency’s file storage is full. Please let them know.',
  chooseFile: T.chooseAFile,
  noFileYet: 'No file chosen yet',
  replaceFile: 'Replace file',
  uploading: T.uploadingPercent,
  uploadFailed: 'The file could not be uploaded.',
  uploaded: 'File uploaded',
  // Staff side (the flow editor's Submissions tab)
  submissions: 'Submissions',
  builder: 'Builder',
  noSubmissions: T.noSubmissionsYet,
  noSubmissionsText:
    'When a client with portal access opens this flow in their portal, their progress and answers appear here.',
  submissionsFailed: 'Failed to load submissions. Please try again.',
  startedAt: T.started,
  submittedAt: 'Submitted',
  lastSaved: 'Last saved',
  noAnswer: 'No answer',
  fileRemoved: 'File removed',
  yes: T.yes,
  no: T.no,
  download: T.download,
  showingSubmissions: (n: number, total: number) => `Showing ${n} of ${total}`,
} as const;
