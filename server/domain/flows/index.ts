/** Flows, their steps and fields, and the clients' submissions as staff see them: see each module. */
export * from './fields';
export * from './flows';
export { readFlow } from './read';
export * from './steps';
export { filesOf, listFlowSubmissions } from './submissions';
