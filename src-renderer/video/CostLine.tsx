import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { unknownLengthWords } from '../../src-shared/api/video-reference-lengths.ts';
import { pastCap } from '../../src-shared/domain/budget.ts';
import { toCents, type estimateVideoCost } from '../../src-shared/domain/pricing.ts';
import { formatMoney, formatMonth } from '../../src-shared/i18n/formats.ts';
import { useQuota } from '../account/quota-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { RoundDraft } from './presets.ts';

/**
 * What the form's round costs, before anything is sent: the estimate, what the service alone
 * can check, the balance (or that the demo charges nothing), and whether the batch would take
 * spending past the budget cap.
 */
export function CostLine(props: {
  estimate: ReturnType<typeof estimateVideoCost>;
  /** What the rounds that would be sent cost together, in cents. */
  total: number;
  batch: readonly RoundDraft[];
  unknownLengths: Parameters<typeof unknownLengthWords>[1];
  demo: boolean;
}) {
  const intl = useIntl();
  const { estimate, total } = props;
  const cap = useSettings((state) => state.settings?.budgetCapUsd ?? null);
  // The balance and what the cap already counts (every round the service may have billed)
  // come from the shared figures, asked again here and whenever a round settles.
  const quota = useQuota((state) => state.quota);
  const refreshQuota = useQuota((state) => state.refresh);
  useEffect(() => {
    void refreshQuota();
  }, [props.batch, refreshQuota]);
  const videoQuota = quota?.services.find((s) => s.kind === 'video');
  const balance =
    videoQuota?.ok && videoQuota.balanceUsd !== null
      ? formatMoney(intl, toCents(videoQuota.balanceUsd))
      : null;
  const committed = quota ? toCents(quota.spending.spentUsd + quota.spending.inFlightUsd) : 0;
  const capCents = pastCap(cap, committed + total);

  return (
    <p className="cost" data-testid="round-cost">
      {intl.formatMessage(
        { id: estimate.upperBound ? 'round.costUpTo' : 'round.costAbout' },
        { cost: formatMoney(intl, estimate.cents), seconds: estimate.seconds },
      )}
      {props.unknownLengths.length > 0 && (
        <span className="hint" data-testid="length-unknown">
          {' '}
          · {unknownLengthWords(intl, props.unknownLengths)}
        </span>
      )}
      {props.demo ? (
        <span className="hint" data-testid="editor-demo">
          {' '}
          · {intl.formatMessage({ id: 'round.editorDemo' })}
        </span>
      ) : (
        balance && (
          <span className="hint cost-balance">
            {' '}
            · {intl.formatMessage({ id: 'round.balance' }, { balance })}
          </span>
        )
      )}
      {capCents !== undefined && (
        <span className="error" data-testid="editor-over-cap">
          {' '}
          ·{' '}
          {quota?.spending.month
            ? intl.formatMessage(
                { id: 'round.overMonthlyCap' },
                {
                  spent: formatMoney(intl, committed),
                  month: formatMonth(intl, quota.spending.month),
                  cap: formatMoney(intl, capCents),
                },
              )
            : intl.formatMessage(
                { id: 'round.overCap' },
                {
                  spent: formatMoney(intl, committed),
                  cap: formatMoney(intl, capCents),
                },
              )}
        </span>
      )}
    </p>
  );
}
