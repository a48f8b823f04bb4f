export { sendContactInvite } from './invite';
export { getContact, listContacts } from './read';
export { createContact, removeContact, updateContact } from './write';
