// The staff tables of a till database made by an earlier release: its step is recorded under the
// id every release has used, so opening it again does not try to make the tables a second time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STAFF_MIGRATIONS } from '../../../electron/services/staff/store';
import { applyMigrations, openDatabase } from '../../../electron/services/storage/database';

test('a database whose staff tables an earlier release made opens without making them again', () => {
  const db = openDatabase(':memory:');
  try {
    db.exec(STAFF_MIGRATIONS[0]!.sql);
    db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(
      'staff-1',
      '2026-01-01T00:00:00.000Z',
    );
    assert.doesNotThrow(() => applyMigrations(db, STAFF_MIGRATIONS));
  } finally {
    db.close();
  }
});
