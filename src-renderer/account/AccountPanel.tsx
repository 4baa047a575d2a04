import { SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import type { InvokeResponse } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import { useJobs } from '../jobs-store.ts';
import { Button } from '../ui/Button.tsx';
import { tierName } from '../words/settings.ts';

type Quota = InvokeResponse<'account:quota'>;

function anyRunning(jobs: ReturnType<typeof useJobs.getState>['jobs']): boolean {
  return Object.values(jobs).some((job) => !SETTLED_STATES.has(job.state));
}

/** What each service says is left, where it came from, and what the queue would spend. */
export function AccountPanel() {
  const [quota, setQuota] = useState<Quota | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each increment asks the services again: on open, on Refresh, and after each batch.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    void bridge()
      .invoke('account:quota')
      .then((result) => {
        if (!live) return;
        if (result.ok) {
          setQuota(result.value);
          setError(null);
        } else setError(result.error.message);
      });
    return () => {
      live = false;
    };
  }, [asked]);
  useEffect(() => {
    let wasRunning = anyRunning(useJobs.getState().jobs);
    return useJobs.subscribe((state) => {
      const running = anyRunning(state.jobs);
      if (wasRunning && !running) setAsked((n) => n + 1);
      wasRunning = running;
    });
  }, []);

  return (
    <section aria-labelledby="account-title" className="account">
      <h2 id="account-title">Account</h2>
      {error && <p className="error">{error}</p>}
      {quota && (
        <dl>
          {quota.services.map((service) => (
            <div key={service.kind} data-testid={`account-${service.kind}`}>
              <dt>{service.kind === 'watermark' ? 'Watermark credits' : 'Video balance'}</dt>
              <dd>
                {!service.ok
                  ? service.message
                  : service.kind === 'video' && service.balanceUsd !== null
                    ? `${service.balanceUsd.toFixed(2)} USD`
                    : `${service.credits.remaining} of ${service.credits.limit} credits left`}{' '}
                <span className="host">from {service.host}</span>
              </dd>
            </div>
          ))}
          <div>
            <dt>Video price</dt>
            <dd data-testid="account-price">
              {quota.pricePerSecondUsd.toFixed(2)} USD per second ({tierName(quota.tier)} tier)
            </dd>
          </div>
          <div>
            <dt>Video spending</dt>
            <dd data-testid="account-spending">
              {quota.spending.spentUsd.toFixed(2)} USD spent and{' '}
              {quota.spending.inFlightUsd.toFixed(2)} USD in rounds sent
              {quota.spending.capUsd === null
                ? ' (no budget cap)'
                : ` of your ${quota.spending.capUsd.toFixed(2)} USD budget cap`}
              <span className="hint">
                {' '}
                · every round the service may have billed, as the cap counts it
              </span>
            </dd>
          </div>
          <div>
            <dt>If the whole queue runs</dt>
            <dd data-testid="account-queue">
              {quota.queuedCredits} credits and {quota.queuedUsd.toFixed(2)} USD
            </dd>
          </div>
        </dl>
      )}
      <div className="actions">
        <Button icon={RefreshCw} onClick={() => setAsked((n) => n + 1)}>
          Refresh
        </Button>
      </div>
    </section>
  );
}
