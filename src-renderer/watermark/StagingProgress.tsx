import { useWorkspace } from './workspace-store.ts';

/** While dropped files are looked at: how many so far, and a Cancel that keeps them. */
export function StagingProgress() {
  const looking = useWorkspace((state) => state.looking);
  const stopLooking = useWorkspace((state) => state.stopLooking);
  if (!looking) return null;
  return (
    <div className="actions staging-progress">
      <span role="status" data-testid="staging-count">
        {`Looking at the files: ${looking.staged} ready, ${looking.skipped} not taken so far`}
      </span>
      <button type="button" onClick={() => void stopLooking()}>
        Stop looking
      </button>
    </div>
  );
}
