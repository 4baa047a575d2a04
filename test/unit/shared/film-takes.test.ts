import { describe, expect, it } from 'vitest';
import { filmTakes, takeOf, type FilmRound } from '../../../src-shared/domain/film-takes.ts';

const round = (id: string, createdAt: number, state = 'done', videos = ['a.mp4']): FilmRound => ({
  id,
  state,
  createdAt,
  videos,
});

describe('the take a shot puts in the film', () => {
  const rounds = [round('old', 1), round('new', 3), round('running', 4, 'processing', [])];

  it('is the newest round with a clip by when it was made, whatever the rounds’ order', () => {
    expect(takeOf({ position: 1, chosenTakeId: null, rounds })?.id).toBe('new');
    expect(takeOf({ position: 1, chosenTakeId: null, rounds: [...rounds].reverse() })?.id).toBe(
      'new',
    );
  });

  it('is the round the user chose, while that round still has its clip', () => {
    expect(takeOf({ position: 1, chosenTakeId: 'old', rounds })?.id).toBe('old');
    expect(takeOf({ position: 1, chosenTakeId: 'running', rounds })?.id).toBe('new');
    expect(takeOf({ position: 1, chosenTakeId: 'gone', rounds })?.id).toBe('new');
  });

  it('leaves a shot without a finished clip out, in shot order', () => {
    expect(
      filmTakes([
        { position: 2, chosenTakeId: 'old', rounds },
        { position: 1, chosenTakeId: null, rounds: [round('r', 1, 'failed', [])] },
      ]).map((take) => [take.shotPosition, take.round?.id]),
    ).toEqual([
      [1, undefined],
      [2, 'old'],
    ]);
  });
});
