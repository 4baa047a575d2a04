import { NetworkError, ServiceError, TimeoutError } from '../api/errors.ts';
import { said } from '../i18n/core-words.ts';
import { errorValue } from '../jobs/lifecycle/outcome.ts';

/**
 * Why the image behind a web address could not be had. The site at the address is the party
 * at fault, not the service: the service is not asked anything while staging.
 */
export function addressProblem(error: unknown, host: string): string {
  if (error instanceof NetworkError && error.proxyProblem) return error.proxyProblem;
  return said('core.app.addressProblem', { problem: whatTheAddressDid(error, host) });
}

/** The first half of `addressProblem`: what went wrong, before what to do about it. */
function whatTheAddressDid(error: unknown, host: string): string {
  if (error instanceof TimeoutError) return said('core.app.addressTimeout', { host });
  if (error instanceof NetworkError) {
    return error.status === undefined
      ? said('core.app.addressUnreachable', { host })
      : said('core.app.addressHttp', { host, status: error.status });
  }
  if (error instanceof ServiceError) {
    return error.status === undefined
      ? said('core.app.addressRefused', { host, reason: error.message })
      : said('core.app.addressRefusedHttp', { host, status: error.status });
  }
  return said('core.app.addressUnreadable', { reason: errorValue(error).message });
}
