export { sendContactInvite } from './invite';
export { getContact, listContacts, portalStateOf, readContact } from './read';
export { createContact, removeContact, updateContact } from './write';
