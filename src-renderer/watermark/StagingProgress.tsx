import { useIntl } from 'react-intl';
import { useWorkspace } from './workspace-store.ts';

/** While dropped files are looked at: how many so far, and a Cancel that keeps them. */
export function StagingProgress() {
  const intl = useIntl();
  const looking = useWorkspace((state) => state.looking);
  const stopLooking = useWorkspace((state) => state.stopLooking);
  if (!looking) return null;
  return (
    <div className="actions staging-progress">
      <span role="status" data-testid="staging-count">
        {intl.formatMessage(
          { id: 'staging.count' },
          { staged: looking.staged, skipped: looking.skipped },
        )}
      </span>
      <button type="button" onClick={() => void stopLooking()}>
        {intl.formatMessage({ id: 'staging.stop' })}
      </button>
    </div>
  );
}
