import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src-main/core/jobs/store/schema.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoArrangement } from '../../../src-main/core/jobs/video/video-arrangement.ts';
import { VideoRounds } from '../../../src-main/core/jobs/video/video-rounds.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-arrangement-upgrade-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a job database from before projects could be arranged', () => {
  it('keeps its projects in the order they were made, all listed, with no take chosen', () => {
    const file = path.join(dir, 'old.sqlite');
    const old = new Database(file);
    for (const step of MIGRATIONS.slice(0, 3)) old.exec(step);
    old.pragma('user_version = 3');
    old.exec(`
      INSERT INTO video_projects (id, name, created_at) VALUES
        ('late', 'Made last', 300), ('early', 'Made first', 100), ('middle', 'Made second', 200);
      INSERT INTO video_shots (id, project_id, position) VALUES ('s1', 'early', 1), ('s2', 'early', 2);
    `);
    old.close();

    const store = JobStore.open(file);
    try {
      const rounds = new VideoRounds(store);
      expect(rounds.projects().map((project) => project.id)).toEqual(['early', 'middle', 'late']);
      expect(rounds.tree('early')?.shots).toMatchObject([
        { id: 's1', take_round_id: null, removed_at: null },
        { id: 's2', take_round_id: null, removed_at: null },
      ]);
      const arrangement = new VideoArrangement(store, rounds);
      arrangement.move('project', 'late', -1);
      expect(rounds.projects().map((project) => project.id)).toEqual(['early', 'late', 'middle']);
      // A project made after the upgrade goes to the end of the user's order.
      const made = rounds.createProject('New');
      expect(rounds.projects().at(-1)?.id).toBe(made);
    } finally {
      store.close();
    }
  });
});
