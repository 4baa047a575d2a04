import {
  AuthenticationError,
  InsufficientFundsError,
  MethodError,
  NetworkError,
  ParameterError,
  RateLimitedError,
  ServiceError,
} from '../api/errors.ts';
import { UserFacingError } from '../user-error.ts';

/**
 * What a failed submission means for the user's money. `not-sent`: it provably never reached
 * the service. `refused`: the service answered no, so nothing was charged. `unknown`: it may
 * have been carried out (a dropped connection, a timeout, a 5xx, a garbled answer).
 */
export function submissionOutcome(error: unknown): 'not-sent' | 'refused' | 'unknown' {
  if ((error instanceof NetworkError && !error.requestSent) || error instanceof RateLimitedError)
    return 'not-sent';
  if (
    error instanceof ParameterError ||
    error instanceof AuthenticationError ||
    error instanceof InsufficientFundsError ||
    error instanceof MethodError
  ) {
    return 'refused';
  }
  return 'unknown';
}

/** The error a job keeps: a code for programs and the sentence for people. */
export function errorValue(error: unknown): { code: string; message: string } {
  if (error instanceof ServiceError) return { code: error.name, message: error.userMessage };
  if (error instanceof UserFacingError) return { code: error.name, message: error.userMessage };
  return { code: 'Error', message: error instanceof Error ? error.message : String(error) };
}
