import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ProfileSummary } from '../../src-shared/domain/profile.ts';
import type { WatchView } from '../../src-shared/ipc/contract.ts';
import type { IpcResult } from '../../src-shared/ipc/result.ts';
import { bridge } from '../bridge.ts';
import { WatchForm } from './WatchForm.tsx';
import { watchedFileStatus, watchLine, watchState } from './watch-words.ts';

interface Listed {
  watches: WatchView[];
  waitingFor: string | null;
  creditsPerImage: number;
}

/**
 * Asks for the list again whenever a job or a watch changes, one request at a time: a
 * burst of events while one is under way costs one more request, not one each.
 */
function useWatches(): { listed: Listed | null; error: string | null; refresh: () => void } {
  const [listed, setListed] = useState<Listed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const again = useRef(false);
  const refresh = useCallback(() => {
    again.current = true;
    if (busy.current) return;
    busy.current = true;
    void (async () => {
      while (again.current) {
        again.current = false;
        const result = await bridge().invoke('watches:list');
        if (result.ok) {
          setListed(result.value);
          setError(null);
        } else setError(result.error.message);
      }
      busy.current = false;
    })();
  }, []);
  useEffect(() => {
    refresh();
    const stops = [bridge().on('watches:changed', refresh), bridge().on('jobs:changed', refresh)];
    return () => stops.forEach((stop) => stop());
  }, [refresh]);
  return { listed, error, refresh };
}

/**
 * Watched folders, beside the profiles they clean with: each folder's profile, engine,
 * whether it is looked at now, the files it took last (a result in doubt says it needs a
 * look), and what it spent today against its limit; a folder is added, paused, resumed or
 * forgotten here. The app runs them while it holds the data folder.
 */
export function WatchPanel() {
  const intl = useIntl();
  const { listed, error, refresh } = useWatches();
  const [profiles, setProfiles] = useState<ProfileSummary[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const loadProfiles = () =>
    void bridge()
      .invoke('profiles:list')
      .then((result) => result.ok && setProfiles(result.value.profiles));
  useEffect(loadProfiles, []);

  /** Pause, resume or forget: a refusal's sentence is shown, and the list asked again. */
  const act = async (ask: () => Promise<IpcResult<unknown>>) => {
    setFailed(null);
    const result = await ask();
    if (!result.ok) setFailed(result.error.message);
    refresh();
  };
  const watches = listed?.watches ?? [];

  return (
    <details
      className="output-panel watch-panel"
      data-testid="watches"
      onToggle={(event) => event.currentTarget.open && loadProfiles()}
    >
      <summary>{intl.formatMessage({ id: 'watches.summary' }, { count: watches.length })}</summary>
      {watches.length === 0 && (
        <p className="hint">{intl.formatMessage({ id: 'watches.empty' })}</p>
      )}
      <ul className="watch-list">
        {watches.map((watch) => (
          <li key={watch.dir} data-testid="watch">
            <div className="watch-head">
              <strong className="watch-dir">{watch.dir}</strong>
              <span className="hint">{watchLine(intl, watch)}</span>
              <span className="watch-state" data-testid="watch-state">
                {watchState(intl, watch, listed?.waitingFor ?? null)}
              </span>
              <span className="actions">
                <button
                  type="button"
                  onClick={() =>
                    void act(() =>
                      bridge().invoke('watches:pause', { dir: watch.dir, paused: !watch.paused }),
                    )
                  }
                >
                  {intl.formatMessage({ id: watch.paused ? 'watches.resume' : 'watches.pause' })}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    void act(() => bridge().invoke('watches:forget', { dir: watch.dir }))
                  }
                >
                  {intl.formatMessage({ id: 'watches.forget' })}
                </button>
              </span>
            </div>
            {watch.recent.length > 0 && (
              <ul
                className="watch-files"
                aria-label={intl.formatMessage({ id: 'watches.recent' }, { folder: watch.dir })}
              >
                {watch.recent.map((file) => (
                  <li key={file.inputPath} data-testid="watched-file">
                    {intl.formatMessage(
                      { id: 'watches.fileLine' },
                      { name: file.name, status: watchedFileStatus(intl, file) },
                    )}
                  </li>
                ))}
              </ul>
            )}
            {watch.notes.map((note) => (
              <p key={note} role="status" className="hint" data-testid="watch-note">
                {note}
              </p>
            ))}
          </li>
        ))}
      </ul>
      <WatchForm
        profiles={profiles}
        creditsPerImage={listed?.creditsPerImage ?? 1}
        onAdded={refresh}
      />
      {[error, failed]
        .filter((line): line is string => line !== null)
        .map((line) => (
          <p key={line} role="alert" className="error" data-testid="watch-error">
            {line}
          </p>
        ))}
    </details>
  );
}
