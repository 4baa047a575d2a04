import { NetworkError, ServiceError, TimeoutError } from '../api/errors.ts';
import type { Wording } from '../i18n/core-words.ts';
import { errorValue } from '../jobs/lifecycle/outcome.ts';

/**
 * Why the image behind a web address could not be had. The site at the address is the party
 * at fault, not the service: the service is not asked anything while staging.
 */
export function addressProblem(error: unknown, host: string | Wording): Wording {
  if (error instanceof NetworkError && error.proxyProblem) return error.proxyProblem;
  return { id: 'core.app.addressProblem', values: { problem: whatTheAddressDid(error, host) } };
}

/** The first half of `addressProblem`: what went wrong, before what to do about it. */
function whatTheAddressDid(error: unknown, host: string | Wording): Wording {
  if (error instanceof TimeoutError) return { id: 'core.app.addressTimeout', values: { host } };
  if (error instanceof NetworkError) {
    return error.status === undefined
      ? { id: 'core.app.addressUnreachable', values: { host } }
      : { id: 'core.app.addressHttp', values: { host, status: error.status } };
  }
  if (error instanceof ServiceError) {
    return error.status === undefined
      ? { id: 'core.app.addressRefused', values: { host, reason: error.message } }
      : { id: 'core.app.addressRefusedHttp', values: { host, status: error.status } };
  }
  return { id: 'core.app.addressUnreadable', values: { reason: errorValue(error).message } };
}
