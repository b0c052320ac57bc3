// Records as table rows: the columns come from the schema, each the record's field in snake_case (or as renamed),
// stored as it is but for the codecs; omitted and derived columns; upserts that keep what they are told to keep.
import { beforeEach, describe, expect, it } from 'vitest';
import { asFlag, asJson } from '../../src/store/sql/codec.js';
import { Db } from '../../src/store/sqlite/db.js';
import { Table } from '../../src/store/sql/table.js';

interface Thing {
  id: string;
  ownerId: string;
  photoURL: string | null;
  tags: string[];
  visible: boolean;
  createdAt: string;
}

let db: Db;
const thing: Thing = { id: 't1', ownerId: 'u1', photoURL: null, tags: ['a', 'b'], visible: true, createdAt: '2026-01-01' };

beforeEach(() => {
  db = Db.memory();
  db.raw.exec(`CREATE TABLE things (id TEXT PRIMARY KEY, owner_id TEXT NOT NULL, photo_url TEXT, tags TEXT NOT NULL, visible INTEGER NOT NULL,
    created_at TEXT NOT NULL, secret TEXT, first_tag TEXT)`);
});

const things = () =>
  new Table<Thing>('things', {
    fields: { photoURL: 'photo_url' },
    codecs: { tags: asJson, visible: asFlag },
    omit: ['secret'],
    derived: { first_tag: (t) => t.tags[0] ?? null },
  });

describe('a table of records', () => {
  it('writes each field to its column, encoded, and reads the record back as it was', () => {
    const table = things();
    db.drive(table.insert(thing, '', { secret: 's3cret' }));
    expect(db.get('SELECT * FROM things')).toEqual({
      id: 't1',
      owner_id: 'u1',
      photo_url: null,
      tags: '["a","b"]',
      visible: 1,
      created_at: '2026-01-01',
      secret: 's3cret',
      first_tag: 'a',
    });
    // Omitted and derived columns are not fields of the record read back.
    expect(db.drive(table.one('SELECT * FROM things WHERE id = ?', 't1'))).toEqual(thing);
    expect(db.drive(table.many('SELECT * FROM things'))).toEqual([thing]);
    expect(db.drive(table.one('SELECT * FROM things WHERE id = ?', 'nope'))).toBeUndefined();
  });

  it('writes a null JSON field as NULL where the column takes it, else as the text null', () => {
    db.raw.exec('CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL, extra TEXT)');
    const notes = new Table<{ id: string; body: unknown; extra: unknown }>('notes', { codecs: { body: asJson, extra: asJson } });
    db.drive(notes.insert({ id: 'n1', body: null, extra: null }));
    expect(db.get('SELECT * FROM notes')).toEqual({ id: 'n1', body: 'null', extra: null });
    expect(db.drive(notes.one('SELECT * FROM notes WHERE id = ?', 'n1'))).toEqual({ id: 'n1', body: null, extra: null });
  });

  it('upserts, keeping the fields it is told to keep', () => {
    const table = things();
    db.drive(table.insert(thing));
    db.drive(table.upsert({ ...thing, ownerId: 'u2', tags: ['c'], visible: false, createdAt: '2030-01-01' }, ['id'], ['createdAt']));
    expect(db.drive(table.one('SELECT * FROM things WHERE id = ?', 't1'))).toEqual({ ...thing, ownerId: 'u2', tags: ['c'], visible: false });
    expect(db.get<{ first_tag: string }>('SELECT first_tag FROM things')?.first_tag).toBe('c');
    db.drive(table.update({ ...thing, ownerId: 'u3', createdAt: 'changed' }, ['id'], ['createdAt']));
    expect(db.drive(table.one('SELECT * FROM things WHERE id = ?', 't1'))).toMatchObject({ ownerId: 'u3', createdAt: '2026-01-01' });
  });

  it('refuses a mapping that names a column the table lacks, and a value for a column that is a field', () => {
    expect(() => db.drive(new Table<Thing>('things', { fields: { photoURL: 'photo' } }).columns())).toThrow('table things has no column photo');
    expect(() => db.drive(new Table<Thing>('nothings').many('SELECT 1'))).toThrow('no table nothings in the schema');
    expect(() => db.drive(things().insert(thing, '', { owner_id: 'x' }))).toThrow('table things: owner_id is not an omitted column');
  });
});
