// Every visible text, validation message and error of the spec, in one catalogue.
// "the product" of the spec is Clientflow.

import { CORE } from './messages-core';
import { nav } from './messages/nav';
import { auth } from './messages/auth';
import { signup } from './messages/signup';
import { dashboard } from './messages/dashboard';
import { passwordStrength } from './messages/passwordStrength';
import { companies } from './messages/companies';
import { contacts } from './messages/contacts';
import { projects } from './messages/projects';
import { companyPage } from './messages/companyPage';
import { tasks } from './messages/tasks';
import { portalAuth } from './messages/portalAuth';
import { portal } from './messages/portal';
import { passwordReset } from './messages/passwordReset';
import { mail } from './messages/mail';
import { notifications } from './messages/notifications';
import { documents } from './messages/documents';
import { resources } from './messages/resources';
import { flows } from './messages/flows';
import { portalFlows } from './messages/portalFlows';
import { account } from './messages/account';
import { permissions } from './messages/permissions';
import { team } from './messages/team';
import { staffInvite } from './messages/staffInvite';
import { profile } from './messages/profile';
import { apiTokens } from './messages/apiTokens';
import { integrations } from './messages/integrations';
import { api } from './messages/api';
import { reports } from './messages/reports';
import { activity } from './messages/activity';
import { search } from './messages/search';
import { data } from './messages/data';
import { twoFactor } from './messages/twoFactor';
import { lists } from './messages/lists';
import { validation } from './messages/validation';
import { templates } from './messages/templates';
import { savedViews } from './messages/savedViews';
import { messages } from './messages/messages';
import { live } from './messages/live';
import { approvals } from './messages/approvals';
import { versions } from './messages/versions';
import { reviewComments } from './messages/reviewComments';
import { magicLink } from './messages/magicLink';
import { security } from './messages/security';
import { portalCompanies } from './messages/portalCompanies';
import { sso } from './messages/sso';
import { clientTeam } from './messages/clientTeam';

/**
 * The whole catalogue, one section per file under ./messages/ (a screen that must load fast imports only the sections
 * it shows; everything else uses M).
 */
export const M = {
  shell: CORE.shell,
  common: CORE.common,
  nav,
  auth,
  signup,
  dashboard,
  passwordStrength,
  companies,
  contacts,
  projects,
  companyPage,
  tasks,
  portalAuth,
  portal,
  passwordReset,
  mail,
  notifications,
  documents,
  resources,
  flows,
  portalFlows,
  account,
  permissions,
  team,
  staffInvite,
  profile,
  apiTokens,
  integrations,
  api,
  reports,
  activity,
  search,
  data,
  twoFactor,
  lists,
  validation,
  templates,
  savedViews,
  messages,
  live,
  approvals,
  versions,
  reviewComments,
  magicLink,
  security,
  portalCompanies,
  sso,
  clientTeam,
} as const;
