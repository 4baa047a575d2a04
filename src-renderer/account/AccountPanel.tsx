import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RefreshCw } from 'lucide-react';
import { formatMoney } from '../../src-shared/i18n/formats.ts';
import { Button } from '../ui/Button.tsx';
import { tierName } from '../words/settings.ts';
import { SpendingHistory } from './SpendingHistory.tsx';
import { useQuota } from './quota-store.ts';
import { formatMonth } from '../../src-shared/i18n/formats.ts';

/** The quota reports dollars; the money format takes whole cents. */
const cents = (usd: number) => Math.round(usd * 100);

/**
 * What each service says is left, where it came from, and what the queue would spend. The
 * figures are the shared ones: asked again on open and on Refresh here, and by the stores
 * when a batch or a round ends.
 */
export function AccountPanel() {
  const intl = useIntl();
  const { quota, error, refresh } = useQuota();
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const money = (usd: number) => formatMoney(intl, cents(usd));

  return (
    <div className="page account-page">
      <section aria-labelledby="account-title" className="account">
        <h2 id="account-title">
          <FormattedMessage id="account.title" />
        </h2>
        {error && <p className="error">{error}</p>}
        {quota && (
          <dl>
            {quota.services.map((service) => (
              <div key={service.kind} data-testid={`account-${service.kind}`}>
                <dt>
                  <FormattedMessage
                    id={service.kind === 'watermark' ? 'account.credits' : 'account.balance'}
                  />
                </dt>
                <dd>
                  {!service.ok
                    ? service.message
                    : service.kind === 'video' && service.balanceUsd !== null
                      ? service.demo
                        ? intl.formatMessage(
                            { id: 'account.demoBalance' },
                            { balance: money(service.balanceUsd) },
                          )
                        : money(service.balanceUsd)
                      : intl.formatMessage(
                          { id: service.demo ? 'account.demoCreditsLeft' : 'account.creditsLeft' },
                          { remaining: service.credits.remaining, limit: service.credits.limit },
                        )}{' '}
                  <span className="host">
                    <FormattedMessage id="account.from" values={{ host: service.host }} />
                  </span>
                </dd>
              </div>
            ))}
            <div>
              <dt>
                <FormattedMessage id="account.price" />
              </dt>
              <dd data-testid="account-price">
                <FormattedMessage
                  id="account.pricePerSecond"
                  values={{ price: money(quota.pricePerSecondUsd), tier: tierName(quota.tier) }}
                />
              </dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="account.spending" />
              </dt>
              <dd data-testid="account-spending">
                <FormattedMessage
                  id={quota.spending.month ? 'account.spentInMonth' : 'account.spent'}
                  values={{
                    month: quota.spending.month ? formatMonth(intl, quota.spending.month) : '',
                    spent: money(quota.spending.spentUsd),
                    inFlight: money(quota.spending.inFlightUsd),
                    cap:
                      quota.spending.capUsd === null
                        ? 'none'
                        : quota.spending.month
                          ? 'monthly'
                          : 'total',
                    capAmount: money(quota.spending.capUsd ?? 0),
                  }}
                />
                <span className="hint">
                  {' · '}
                  <FormattedMessage id="account.spendingHint" />
                </span>
              </dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="account.queue" />
              </dt>
              <dd data-testid="account-queue">
                <FormattedMessage
                  id="account.queueCost"
                  values={{
                    credits: intl.formatMessage(
                      { id: 'format.credits' },
                      { count: quota.queuedCredits },
                    ),
                    money: money(quota.queuedUsd),
                  }}
                />
              </dd>
            </div>
          </dl>
        )}
        <div className="actions">
          <Button icon={RefreshCw} onClick={() => void refresh()}>
            <FormattedMessage id="account.refresh" />
          </Button>
        </div>
      </section>
      <SpendingHistory title={intl.formatMessage({ id: 'account.history' })} className="account" />
    </div>
  );
}
