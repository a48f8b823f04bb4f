import * as T from './texts';
import { dataPage } from './dataPage';

/** Data export and import (Account → Data, the company page's Export), server/data/. */
export const data = {
  /** Export: the zip, its job and its e-mail. */
  export: {
    companyNotFound: T.companyNotInAgency,
    notFound: 'That export does not exist.',
    notReady: 'This export is not ready yet.',
    expired: 'This export has expired. Start a new one.',
    failed: 'The export could not be built. Try again.',
    companyInvalid: 'Choose a company of your agency to export.',
    /** The e-mail sent when a background export is ready. */
    readySubject: (what: string) => `Your Clientflow export is ready: ${what}`,
    readyText: (firstName: string, what: string, url: string, expires: string) =>
      `Hi ${firstName},\n\nYour export of ${what} is ready. Download it from Account → Data:\n${url}\n\nThe file can be downloaded until ${expires}; after that it is deleted and you can start a new export.`,
    scopeAgency: (name: string) => `the whole agency ${name}`,
    scopeCompany: (name: string) => `${name}`,
    busy: 'An export of your agency is already downloading. Wait until it has finished, then try again.',
    // EXPORT-MESSAGES (keep this line: the export slice adds its texts above it)
  },
  /** Import: CSV and zip uploads, preview and commit. */
  import: {
    kindInvalid: 'Choose what the file holds: companies, contacts or a Clientflow export.',
    mappingInvalid: 'The column mapping could not be read. Choose the columns again.',
    notMultipart: T.sendMultipart,
    noFile: 'Choose a file to import.',
    emptyFile: T.theFileIsEmpty,
    badUpload: 'The file could not be received. Try again.',
    csvTooLarge: (limit: string) => `A CSV file can be at most ${limit}. Split it into smaller files.`,
    archiveTooLarge: (limit: string) => `The export is larger than ${limit}, the most one upload may carry.`,
    notCsv:
      'This file is not a CSV file. Save your spreadsheet as CSV (comma, semicolon or tab separated) and try again.',
    csvUnreadable: (line: number | null) =>
      `The file could not be read as CSV${line ? ` (near line ${line})` : ''}. Check its quotes and separators, and save it as CSV again.`,
    noHeader: 'The file has no header line: its first line must name the columns.',
    noRows: 'The file has no rows under its header line.',
    tooManyRows: (max: string) => `The file has more than ${max} rows. Split it into smaller files.`,
    unknownField: (field: string) => `“${field}” is not something this import can fill in.`,
    unknownColumn: (column: string) => `The column “${column}” is not in the file. Choose the columns again.`,
    fieldRequired: (label: string) => `Choose the column that holds the ${label.toLowerCase()}.`,
    fieldLabels: {
      name: T.companyName,
      industry: T.industry,
      website: T.website,
      address: T.address,
      phone: T.phone,
      status: T.status,
      firstName: T.firstName,
      lastName: T.lastName,
      email: T.eMail,
      role: T.role,
      title: 'Job title',
      company: T.company,
    } as Record<string, string>,
    companyExists: (name: string) => `A company named “${name}” already exists; this row will be skipped.`,
    contactExists: (name: string) => `A contact with this e-mail already exists (${name}); this row will be skipped.`,
    sameAsLine: (line: number) => `Same as line ${line} of the file; this row will be skipped.`,
    fileProblems: (n: number) =>
      `The file has ${n} ${n === 1 ? 'problem' : 'problems'}, so nothing was imported. Fix ${n === 1 ? 'it' : 'them'} and upload the file again.`,
    notZip: 'This file is not a Clientflow export. Choose the .zip file that Account → Data exported.',
    notExport: 'This zip is not a Clientflow export: it has no manifest.json.',
    badManifest: 'The export’s manifest.json could not be read. Export the data again.',
    newerVersion: (version: string) =>
      `This export was made by a newer version of Clientflow (format ${version}). Update this installation, then import it.`,
    unsafePath: (path: string) => `The export holds a file with an unsafe name (“${path}”), so it was not opened.`,
    unpackedTooLarge: (limit: string) =>
      `The export unpacks to more than ${limit}, the most this installation accepts (IMPORT_MAX_UNPACKED_BYTES).`,
    entryRatioTooHigh: (path: string, ratio: number) =>
      `${path} in the export unpacks to more than ${ratio} times its packed size, more than this installation accepts (IMPORT_MAX_RATIO).`,
    archiveRatioTooHigh: (ratio: number) =>
      `The export unpacks to more than ${ratio} times its own size, more than this installation accepts (IMPORT_MAX_RATIO).`,
    jsonTooLarge: (path: string, limit: string) =>
      `${path} in the export unpacks to more than ${limit}, the most one data file may hold here.`,
    jsonTotalTooLarge: (limit: string) =>
      `The export’s data files unpack to more than ${limit} together, the most one import reads.`,
    recordTooLarge: (path: string, limit: string) =>
      `${path} in the export holds a record larger than ${limit}, the most one record may be here.`,
    tooDeep: (path: string, max: number) =>
      `${path} in the export nests values more than ${max} levels deep, more than this installation reads.`,
    tooManyValues: (path: string) =>
      `${path} in the export holds more values than an export of this size can have. Export the data again.`,
    tooManyRowsInFile: (path: string, max: string) =>
      `${path} in the export has more than ${max} rows, the most one data file may hold here.`,
    tooManyRowsInAll: (max: string) => `The export has more than ${max} rows in all, the most one import takes.`,
    tooManyOfKind: (max: string, kind: string) =>
      `The export has more than ${max} ${kind.toLowerCase()}, the most one import takes. Export the clients one at a time and import each.`,
    missingPart: (path: string) => `The export has no ${path}. Export the data again.`,
    badPart: (path: string) => `${path} in the export could not be read. Export the data again.`,
    columnMissing: (column: string) => `The column “${column}” is missing.`,
    columnType: (column: string, type: string) => `“${column}” must be ${type}.`,
    typeLabels: {
      int: 'a whole number',
      number: 'a number',
      string: T.text,
      text: T.text,
      boolean: 'true or false',
      date: 'a date and time (ISO 8601)',
      json: 'JSON text',
    } as Record<string, string>,
    columnRequired: (column: string) => `“${column}” must have a value.`,
    danglingRef: (column: string, id: number) => `“${column}” names row ${id}, which is not in the export.`,
    sameEmailInExport: (line: number) => `The same e-mail is already on line ${line}.`,
    fileMissing: (path: string) => `The file ${path} is missing from the export.`,
    fileChanged: (path: string) => `The file ${path} does not match the export’s checksum: it was changed or damaged.`,
    changedMeanwhile:
      'Some of these contacts were added to your agency while you were importing. Preview the file again.',
    exportConflict: 'The export holds two rows that must be unique (the same key twice). Export the data again.',
    notePeople: (names: string) =>
      `Not on your team, so their tasks, files and flows were left without a person: ${names}.`,
    noteActivities: 'The export’s activity log was not imported; this import is in your log.',
    noteBusiness: 'The export’s business details and branding were not applied to this agency.',
    noteSubmissions: (n: number) =>
      `${n} flow ${n === 1 ? 'submission was' : 'submissions were'} skipped: the contact had already answered that flow here.`,
    busy: 'Another import is running for this agency; try again in a minute.',
    tooManyEntries: (max: string) =>
      `The export holds more than ${max} files, more than this installation opens. Export the data again.`,
    moreIssues: (n: number) => `… and ${n} more ${n === 1 ? 'problem' : 'problems'} not listed here.`,
    notOneOf: (column: string, values: string) => `“${column}” must be one of: ${values}.`,
    tooLongValue: (column: string, max: number) => `“${column}” can be at most ${max} characters.`,
    badEmail: (column: string) => `“${column}” must be an e-mail address.`,
    badUrl: (column: string) => `“${column}” must be a web address starting with http:// or https://.`,
    badWebsite: (column: string) => `“${column}” must be a website, e.g. example.com or https://example.com.`,
    outOfRange: (column: string) => `“${column}” is outside the range this installation stores.`,
    sameIdInExport: (line: number) => `The same id is already on line ${line}.`,
    sameFileInExport: (line: number) => `The same file is already named on line ${line}.`,
    sameDetailInExport: (line: number) => `The same resource already has this key on line ${line}.`,
    sameSubmissionInExport: (line: number) => `The same contact already answered this flow on line ${line}.`,
    sameAttachmentInExport: (line: number) => `The same file is already attached to this message on line ${line}.`,
    threadProject: (kind: string) =>
      kind === 'project'
        ? 'A project’s conversation must name its project.'
        : 'A company’s conversation cannot name a project.',
    messageAuthor: (kind: string) =>
      kind === 'staff'
        ? 'A team member’s message cannot name a contact as its author.'
        : 'A client’s message cannot name a team member as its author.',
    noteJoinedThreads: (n: number) =>
      `${n} ${n === 1 ? 'conversation was' : 'conversations were'} added to the company’s or project’s conversation already here.`,
    noteMessagesUnread:
      'Imported conversations start unread for everyone: who had read how far is not part of an export.',
    noteSourceLinks: (n: number) =>
      `${n} ${n === 1 ? 'document pointed' : 'documents pointed'} to a file of the exporting installation that the export did not carry; ${n === 1 ? 'it was' : 'they were'} imported without a link.`,
    businessInvalid: (field: string) =>
      `The export’s business details could not be applied: “${field}” is missing or not valid there. Import without applying them, or fix data/business.json.`,
    logoInvalid: (path: string) => `The export’s logo (${path}) is missing, damaged or not a PNG, JPEG or GIF image.`,
    noteBusinessApplied: 'Your agency’s details and branding were replaced by the export’s.',
    tooManyTemplates: (kind: string, max: number, have: number, adding: number) =>
      `An agency keeps at most ${max} ${kind.toLowerCase()}: this one has ${have} and the export adds ${adding}. Delete some templates here, or from the export, and try again.`,
    noteTemplates: (n: number) =>
      `${n} ${n === 1 ? 'template was' : 'templates were'} skipped: this agency already has one of the same name.`,
    versionOfOtherFile: 'This version belongs to another file than the row names.',
    replyParent: 'A reply must answer a top-level comment of the same version.',
    pinIncomplete: 'A pin needs its number, x and y together (and a page only with them).',
    commentAuthor: (kind: string) =>
      kind === 'staff'
        ? 'A team member’s comment cannot name a contact as its author.'
        : 'A client’s comment cannot name a team member as its author.',
    tooManyComments: (max: number) => `A version holds at most ${max} comments; this one has more in the export.`,
    sameStepInExport: (line: number) => `The same request already has a step at this position on line ${line}.`,
    // IMPORT-MESSAGES (keep this line: the import slice adds its texts above it)
  },
  /** The Data tab and the company page's export action. */
  page: dataPage,
} as const;
