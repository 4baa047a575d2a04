import { useEffect } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../ui/Button.tsx';
import { monthWords } from '../../src-shared/domain/calendar-month.ts';
import { tierName } from '../words/settings.ts';
import { SpendingHistory } from './SpendingHistory.tsx';
import { useQuota } from './quota-store.ts';

/**
 * What each service says is left, where it came from, and what the queue would spend. The
 * figures are the shared ones: asked again on open and on Refresh here, and by the stores
 * when a batch or a round ends.
 */
export function AccountPanel() {
  const { quota, error, refresh } = useQuota();
  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <div className="page account-page">
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
                {quota.spending.month && `In ${monthWords(quota.spending.month)}: `}
                {quota.spending.spentUsd.toFixed(2)} USD spent and{' '}
                {quota.spending.inFlightUsd.toFixed(2)} USD in rounds sent
                {quota.spending.capUsd === null
                  ? ' (no budget cap)'
                  : ` of your ${quota.spending.capUsd.toFixed(2)} USD ${quota.spending.month ? 'monthly ' : ''}budget cap`}
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
          <Button icon={RefreshCw} onClick={() => void refresh()}>
            Refresh
          </Button>
        </div>
      </section>
      <SpendingHistory title="Spending history" className="account" />
    </div>
  );
}
