import { flowsTypeLabels } from './labels';
import * as T from './texts';

/**
 * Flows (/hub/flows, /hub/flows/{flowUid}; work-flows-account-portal.md §2.8, §2.9, §4, §5, §8). The spec's texts
 * first, then the ones the editor needs beyond it (saving, reordering, duplicating).
 */
export const flows = {
  title: T.flows,
  create: 'Create Flow',
  fetchFailed: 'Failed to fetch flows',
  createFailed: 'Failed to create flow',
  requiredFields: 'Please fill in all required fields',
  fetchOneFailed: 'Failed to fetch flow',
  loadFailed: T.flowLoadFailed,
  created: 'Flow created successfully',
  backToFlows: T.backToFlows,
  // Issue 27: a flow is a draft until staff publish it (the spec's Active/Inactive badge reads Published/Draft).
  active: 'Published',
  inactive: T.draft,
  view: T.view,
  edit: T.edit,
  noCompany: 'No specific company',
  noStepsPreview: 'No steps added yet. Add some steps to see the preview.',
  addContentStep: 'Add Content Step',
  addInformationStep: 'Add Information Step',
  addFormStep: 'Add Form Step',
  addField: 'Add Field',
  addFormField: 'Add Form Field',
  stepCreated: 'Step created successfully',
  stepCreateFailed: 'Failed to create step',
  fieldCreated: 'Field created successfully',
  fieldUpdated: 'Field updated successfully',
  fieldDeleted: 'Field deleted successfully',
  fieldCreateFailed: 'Failed to create field',
  fieldUpdateFailed: 'Failed to update field',
  fieldDeleteFailed: 'Failed to delete field',
  fieldLabelRequired: 'Please fill in the field label',
  /** A new step's title (spec §4: "Step {n}"). */
  stepTitle: (n: number) => `Step ${n}`,
  /** A new onboard step's content: a placeholder heading and the spec's text. */
  onboardPlaceholder: (n: number) => `## Step ${n}\n\nAdd your content here...`,
  contentPlaceholder: 'Add your content here...',
  typeLabels: flowsTypeLabels as Record<string, string>,
  fieldTypeLabels: {
    text: 'Text',
    textarea: 'Text area',
    file: 'File upload',
    select: 'Select',
    checkbox: 'Checkbox',
    date: 'Date',
  } as Record<string, string>,
  // Server-side refusals (404 for rows of another agency, 400 for bad input).
  notFound: T.flowNotFound,
  stepNotFound: 'Step not found',
  fieldNotFound: 'Field not found',
  companyNotFound: T.companyNotInAgency,
  typeInvalid: 'Choose a flow type: onboard, collect or inform.',
  stepTypeInvalid: 'Choose a step type: content, information or form.',
  stepKeepsContent: 'A content or information step always shows its text.',
  stepKeepsFields: 'A form step always shows its fields.',
  removeFieldsFirst: 'Delete the fields of this step before removing its form.',
  fieldTypeInvalid: 'Choose a field type: text, textarea, file, select, checkbox or date.',
  orderNegative: 'Display order must be 0 or more.',
  stepOrderInvalid: 'Step order must be 1 or more.',
  stepTitleRequired: 'Step title is required',
  reorderMismatch: 'The new order must list every step of this flow exactly once.',
  tooManySteps: (max: number) => `A flow can have at most ${max} steps.`,
  tooManyFields: (max: number) => `A step can have at most ${max} fields.`,
  choicesRequired: 'Add at least one choice for a select field.',
  choiceBlank: 'Choices cannot be empty.',
  choicesDuplicate: 'Each choice can appear only once.',
  optionsInvalid: 'Options must be a JSON object, e.g. {"choices": ["Yes", "No"]}.',
  // The editor's saving state and actions beyond the spec.
  saving: 'Saving…',
  saved: 'Saved',
  saveFailed: 'Changes could not be saved. Check your connection and try again.',
  duplicate: T.duplicate,
  duplicated: 'Flow duplicated',
  duplicateFailed: 'Failed to duplicate flow',
  copyName: (name: string) => `${name} (copy)`,
  deleteFlow: 'Delete flow',
  deleted: 'Flow deleted',
  deleteFailed: 'Failed to delete flow',
  deleteStep: 'Delete step',
  stepDeleted: 'Step deleted',
  stepDeleteFailed: 'Failed to delete step',
  reorderFailed: 'Failed to reorder steps',
  statusUpdated: (active: boolean) => (active ? 'Flow published' : 'Flow unpublished'),
  statusFailed: 'Failed to update flow status',
  // Publishing (issue 27): drafts until published; Publish says who will be asked.
  publish: 'Publish',
  /** The list's menu item: it opens the Publish dialog. */
  publishMore: 'Publish…',
  unpublish: 'Unpublish',
  publishing: 'Publishing…',
  unpublishing: 'Unpublishing…',
  publishFlow: (name: string) => `Publish ${name}`,
  unpublishFlow: (name: string) => `Unpublish ${name}`,
  publishTitle: (name: string) => `Publish ${name}?`,
  publishNeedsStep: 'Add at least one step before publishing.',
  publishFailed: 'Failed to publish flow',
  unpublishFailed: 'Failed to unpublish flow',
  publishIntro: 'Clients will see this flow in their portal, and those who get e-mails will be asked to complete it.',
  /** The contacts a company's flow reaches: "2 contacts of Acme will be asked: Ann and Bob." */
  publishAudience: (company: string, count: number, names: string) =>
    count === 0
      ? `Nobody at ${company} has portal access yet, so nobody will be asked for now. Contacts who get access later will see the flow.`
      : `${T.contactsCount(count)} of ${company} will be asked: ${names}.`,
  /** A flow for all companies. */
  publishAudienceAll: (count: number, names: string) =>
    count === 0
      ? 'Every client with portal access will be asked. Nobody has portal access yet.'
      : `Every client with portal access will be asked: ${T.contactsCount(count)} today (${names}).`,
  /** First names, then how many more: "Ann, Bob and 3 more". */
  nameList: (names: string[], total: number) => {
    const more = total - names.length;
    if (more > 0) return `${names.join(', ')} and ${more} more`;
    return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
  },
  publishPreviewFailed: 'Failed to load who will be asked. Please try again.',
  draftHint: 'Draft: clients do not see this flow. Publish it when it is ready.',
  publishedHint: 'Published: clients with portal access see this flow.',
  publishedNoStepsHint: 'Published, but clients see it only once it has a step.',
  // The list, the Create Flow dialog and the editor (client/src/features/flows).
  subtitle: 'Onboarding, intake and information workflows for your clients',
  searchPlaceholder: 'Search flows by name or description...',
  searchLabel: 'Search flows',
  allTypes: T.allTypes,
  filterType: T.filterByType,
  allStatus: T.allStatus,
  filterStatus: T.filterByStatus,
  filterNames: { search: T.search, workflowType: T.type, isActive: T.status, companyId: T.company } as Record<
    string,
    string
  >,
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} flows`,
  columns: [T.flow, T.company, T.type, T.steps, T.status, T.actions] as const,
  stepsCount: T.stepsCount,
  emptyTitle: T.noFlowsYet,
  emptyText: 'Create a flow to onboard clients, collect their information or share what they need to know.',
  noMatchTitle: 'No flows match your filters',
  noMatchText: T.noMatchText,
  viewFlow: (name: string) => `View ${name}`,
  editFlow: T.editNamed,
  moreActions: (name: string) => `More actions for ${name}`,
  activeSwitch: (name: string) => `Active: ${name}`,
  deleteFlowNamed: T.deleteNamed,
  deleteFlowTitle: T.deleteQuestion,
  deleteFlowText: (steps: number) =>
    `The flow${steps ? `, its ${steps === 1 ? 'step' : T.stepsCount(steps)} with their form fields,` : ''} and the answers clients gave to it will be deleted. This cannot be undone.`,
  cancel: T.cancel,
  delete: T.deleteLabel,
  deleting: T.deletingBusy,
  creating: T.creatingBusy,
  dialogFields: {
    name: T.flowName,
    namePlaceholder: 'e.g. New client onboarding',
    description: T.description,
    descriptionPlaceholder: 'What is this flow for?',
    type: T.type,
    company: T.company,
  },
  typeHints: {
    onboard: 'Content steps written in markdown',
    collect: 'Form steps that gather information',
    inform: 'Plain-text information steps',
  } as Record<string, string>,
  notFoundText: T.maybeDeleted,
  flowActions: 'Flow actions',
  steps: T.steps,
  preview: T.preview,
  livePreview: 'Live preview',
  write: 'Write',
  stepTitleLabel: (n: number) => `Title of step ${n}`,
  contentLabel: (n: number) => `Content of step ${n}`,
  markdownHint: 'Markdown: ## heading, **bold**, *italic*, - list, [link](https://…)',
  informPlaceholder: 'Write what your client should know...',
  moveUp: (title: string) => `Move ${title} up`,
  moveDown: (title: string) => `Move ${title} down`,
  dragStep: (title: string) => `Reorder ${title}`,
  reorderInstructions:
    'To reorder a step, press Space or Enter on its handle, move it with the arrow keys, then press Space or Enter again to drop it, or Escape to cancel.',
  pickedUp: (title: string) => `Picked up ${title}.`,
  movedTo: (title: string, position: number, total: number) => `${title} is at position ${position} of ${total}.`,
  droppedAt: (title: string, position: number, total: number) =>
    `${title} dropped at position ${position} of ${total}.`,
  reorderCancelled: (title: string) => `Reordering ${title} cancelled.`,
  deleteStepNamed: T.deleteNamed,
  deleteStepTitle: T.deleteQuestion,
  deleteStepText: (fields: number) =>
    fields
      ? `The step and its ${fields === 1 ? 'form field' : `${fields} form fields`} will be deleted. This cannot be undone.`
      : 'The step will be deleted. This cannot be undone.',
  noSteps: 'No steps yet',
  noStepsText: 'Add the first step below. Everything you type is saved automatically.',
  noFields: 'No fields yet. Add the first one to build this form.',
  fieldsOf: (title: string) => `Form fields of ${title}`,
  // Issue 29: a step may hold text and form fields together.
  /** The other step types, offered beside the flow type's own add-step button. */
  addStepOfType: 'Or add',
  stepTypeLabels: { content: 'Content step', information: 'Information step', form: 'Form step' } as Record<
    string,
    string
  >,
  addText: 'Add text',
  removeText: 'Remove text',
  removeTextNamed: (title: string) => `Remove text from ${title}`,
  removeForm: 'Remove form',
  removeFormNamed: (title: string) => `Remove form from ${title}`,
  blockFailed: 'Failed to update step',
  editFormField: 'Edit Form Field',
  fieldForm: {
    label: T.label,
    labelPlaceholder: 'e.g. Company registration number',
    type: T.type,
    order: T.displayOrder,
    orderHint: 'Lower numbers come first.',
    required: T.required,
    requiredHint: 'The client must answer before going on.',
    helpText: T.helpText,
    helpTextPlaceholder: 'Shown under the field',
    choices: T.choices,
    choice: (n: number) => `Choice ${n}`,
    addChoice: 'Add choice',
    removeChoice: (n: number) => `Remove choice ${n}`,
  },
  createField: 'Create Field',
  updateField: 'Update Field',
  savingField: T.savingBusy,
  required: T.required,
  editField: T.editNamed,
  deleteField: T.deleteNamed,
  deleteFieldTitle: T.deleteQuestion,
  deleteFieldText: 'The field will be removed from this form. This cannot be undone.',
  selectPlaceholder: T.selectAnOption,
  previewOf: (name: string) => `Preview of ${name}`,
  retrySave: T.retry,
  companyNoFlows: 'No flows for this company yet',
  companyNoFlowsText:
    'Create a flow to onboard this client, collect their information or share what they need to know.',
  companyFlowsCount: (n: number) => (n === 1 ? '1 flow' : `${n} flows`),
  /** A flow for every client, listed on each company's Flows tab. */
  forAllCompanies: T.allCompanies,
  forAllCompaniesTitle: 'For all companies: every client with portal access sees it',
  /** A flow's progress at one company: its contacts' submissions. */
  companyProgress: (completed: number, started: number, contacts: number) =>
    `${completed} of ${contacts} ${contacts === 1 ? 'contact' : 'contacts'} completed${started > completed ? ` · ${started - completed} in progress` : ''}`,
  companyProgressNone: T.noSubmissionsYet,
} as const;
