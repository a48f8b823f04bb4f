/** The entity registry (shared/entities.ts) agrees with what derives from it and with the tables it names. */
import { describe, expect, it } from 'vitest';
import { ACTIVITY_ENTITY_TYPES } from '../../shared/activity';
import { ENTITIES, RECORD_KINDS, recordLink, SEARCH_ONLY_KINDS } from '../../shared/entities';
import { hubLink } from '../../shared/links';
import { areas } from '../../shared/messages/areas';
import { data } from '../../shared/messages/data';
import { search } from '../../shared/messages/search';
import { SEARCH_KINDS } from '../../shared/schemas/search';
import { ENTITIES as ARCHIVE_FILES } from '../../server/data/format';
import { TENANT_MODELS } from '../../server/tenancy';

describe('the entity registry', () => {
  it('names every record area once, and each names a tenant-owned model, a label and a quick action', () => {
    expect(Object.keys(ENTITIES)).toEqual([...RECORD_KINDS]);
    for (const kind of RECORD_KINDS) {
      const entity = ENTITIES[kind];
      expect(TENANT_MODELS).toContain(entity.model);
      expect(areas[kind].label).toBeTypeOf('string');
      expect(search.actions[kind]).toBe(areas[kind].create);
      expect(search.kinds[kind]).toBe(areas[kind].label);
    }
  });

  it("names only archive files the export writes, and each area's model is in one of them", () => {
    const files = new Map<string, string>(ARCHIVE_FILES.map((spec) => [spec.name, spec.model]));
    for (const kind of RECORD_KINDS) {
      const archive = Object.keys(areas[kind].files);
      for (const name of archive) {
        expect(files.has(name), name).toBe(true);
        expect(data.page.entities[name]).toBe(areas[kind].files[name as keyof (typeof areas)[typeof kind]['files']]);
      }
      expect(archive.map((name) => files.get(name))).toContain(ENTITIES[kind].model);
    }
  });

  it('feeds search kinds and activity kinds', () => {
    // Every record area, then the search-only sources (conversations and messages).
    expect(SEARCH_KINDS).toEqual([...RECORD_KINDS, ...SEARCH_ONLY_KINDS]);
    expect(ACTIVITY_ENTITY_TYPES.slice(0, RECORD_KINDS.length)).toEqual([...RECORD_KINDS]);
  });

  it('opens a record where its list opens it: by id, or by its public ref (none without one)', () => {
    expect(hubLink).toBe(recordLink);
    expect(recordLink('company', 12)).toBe('/hub/companies/12');
    expect(recordLink('contact', 3)).toBe('/hub/contacts?contact=3');
    expect(recordLink('task', 4)).toBe('/hub/tasks?task=4');
    expect(recordLink('file', 5)).toBe('/hub/documents?file=5');
    expect(recordLink('resource', 6)).toBe('/hub/resources?resource=6');
    expect(recordLink('project', 7, 'a b')).toBe('/hub/projects/a%20b');
    // A conversation and a message open in the conversation (their ref).
    expect(recordLink('thread', 8, '8')).toBe('/hub/messages/8');
    expect(recordLink('message', 90, '8')).toBe('/hub/messages/8');
    expect(recordLink('message', 90, null)).toBeNull();
    expect(recordLink('project', 7, null)).toBeNull();
    expect(recordLink('flow', 8, 'f1')).toBe('/hub/flows/f1');
    expect(recordLink('business', 1)).toBeNull();
    expect(recordLink('company', null)).toBeNull();
  });
});
