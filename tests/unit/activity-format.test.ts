import { describe, expect, it } from 'vitest';
import {
  changeText,
  fieldLabel,
  initialsOf,
  sentenceParts,
  sentenceText,
  valueText,
} from '../../shared/activity-format';

describe('how an activity entry reads', () => {
  it('says who did what to which record', () => {
    expect(sentenceText('Ada Lovelace', { entityType: 'task', entityName: 'Homepage', action: 'updated' })).toBe(
      'Ada Lovelace changed task “Homepage”',
    );
    expect(sentenceText('Cora Baker', { entityType: 'file', entityName: 'Brief.pdf', action: 'downloaded' })).toBe(
      'Cora Baker downloaded file “Brief.pdf”',
    );
    expect(sentenceParts({ entityType: 'portal', entityName: '', action: 'signed_in' })).toEqual({
      verb: 'signed in to the portal',
      name: null,
    });
    expect(sentenceText('Ada Lovelace', { entityType: 'business', entityName: 'Studio', action: 'updated' })).toBe(
      'Ada Lovelace changed the account settings',
    );
    // The logo's entries read as sentences (issue 29: not "uploaded the account settings").
    expect(sentenceText('Ada Lovelace', { entityType: 'business', entityName: 'Studio', action: 'uploaded' })).toBe(
      'Ada Lovelace uploaded a new logo',
    );
    expect(sentenceText('Ada Lovelace', { entityType: 'business', entityName: 'Studio', action: 'deleted' })).toBe(
      'Ada Lovelace removed the logo',
    );
  });

  it('shows changed fields with the app’s labels, Yes/No, none, days, and cuts long values', () => {
    expect(changeText('task', { field: 'status', from: 'pending', to: 'in-progress' })).toBe(
      'Status: Pending → In Progress',
    );
    expect(changeText('company', { field: 'status', from: 'at-risk', to: 'active' })).toBe('Status: At-risk → Active');
    expect(changeText('task', { field: 'dueDate', from: null, to: '2031-03-01' })).toBe(
      'Due date: none → Mar 01, 2031',
    );
    expect(changeText('resource', { field: 'visibleToClient', from: false, to: true })).toBe(
      'Visible to client: No → Yes',
    );
    expect(valueText('task', 'description', 'a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(fieldLabel('portal_access')).toBe('Portal access');
    expect(fieldLabel('websiteUrl')).toBe('Website url');
  });

  it('makes initials for the avatar', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('  ')).toBe('?');
  });
});
