import { UserFacingError } from '../../user-error.ts';

/** Why clips were not joined, as the sentence the user reads: which clips, what differs, what to do. */
export class FilmJoinError extends UserFacingError {}
