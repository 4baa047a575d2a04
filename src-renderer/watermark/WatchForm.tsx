import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ProfileSummary } from '../../src-shared/domain/profile.ts';
import { bridge } from '../bridge.ts';
import { Select } from '../ui/Select.tsx';

type Engine = 'local' | 'service';

/**
 * Adds a watched folder: the folder from the system's dialog, a saved profile, whether its
 * sub-folders count, and who cleans. Paid watching needs a limit per day, and shows what
 * one image costs and how many a day the limit allows before it can be added.
 */
export function WatchForm(props: {
  profiles: readonly ProfileSummary[];
  creditsPerImage: number;
  onAdded: () => void;
}) {
  const intl = useIntl();
  const [dir, setDir] = useState<string | null>(null);
  const [profile, setProfile] = useState('');
  const [recursive, setRecursive] = useState(false);
  const [engine, setEngine] = useState<Engine>('local');
  const [limit, setLimit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosenProfile = profile || props.profiles[0]?.name || '';
  const credits = Number(limit);
  const limitOk = Number.isInteger(credits) && credits > 0;
  const ready = dir !== null && chosenProfile !== '' && (engine === 'local' || limitOk);

  const choose = async () => {
    const result = await bridge().invoke('dialog:chooseFolder');
    if (!result.ok) return setError(result.error.message);
    if (result.value.path) setDir(result.value.path);
  };
  const add = async () => {
    if (!dir) return;
    setError(null);
    const result = await bridge().invoke('watches:add', {
      dir,
      profile: chosenProfile,
      recursive,
      engine,
      ...(engine === 'service' ? { creditsPerDay: credits } : {}),
    });
    if (!result.ok) return setError(result.error.message);
    setDir(null);
    props.onAdded();
  };

  if (props.profiles.length === 0) {
    return <p className="hint">{intl.formatMessage({ id: 'watches.needProfile' })}</p>;
  }
  return (
    <form
      className="watch-form"
      aria-labelledby="watch-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <h3 id="watch-form-title">{intl.formatMessage({ id: 'watches.addTitle' })}</h3>
      <div className="field">
        <span id="watch-folder-label">{intl.formatMessage({ id: 'watches.folder' })}</span>
        <span className="actions">
          <span className="watch-chosen" data-testid="watch-chosen">
            {dir ?? intl.formatMessage({ id: 'watches.noFolderYet' })}
          </span>
          <button type="button" aria-describedby="watch-folder-label" onClick={() => void choose()}>
            {intl.formatMessage({ id: 'watches.chooseFolder' })}
          </button>
        </span>
      </div>
      <div className="field">
        <label htmlFor="watch-profile">{intl.formatMessage({ id: 'watches.profile' })}</label>
        <Select
          id="watch-profile"
          options={props.profiles.map((p) => ({ value: p.name, label: p.name }))}
          value={chosenProfile}
          onChange={(event) => setProfile(event.target.value)}
        />
      </div>
      <label className="watch-check">
        <input
          type="checkbox"
          checked={recursive}
          onChange={(event) => setRecursive(event.target.checked)}
        />
        {intl.formatMessage({ id: 'watches.recursive' })}
      </label>
      <fieldset className="engine-choice">
        <legend>{intl.formatMessage({ id: 'watches.engine' })}</legend>
        {(['local', 'service'] as const).map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name="watch-engine"
              checked={engine === choice}
              onChange={() => setEngine(choice)}
            />
            {intl.formatMessage({
              id: choice === 'local' ? 'watches.engineLocal' : 'watches.engineService',
            })}
          </label>
        ))}
      </fieldset>
      {engine === 'service' && (
        <div className="field">
          <label htmlFor="watch-limit">{intl.formatMessage({ id: 'watches.limit' })}</label>
          <input
            id="watch-limit"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
          <p className="hint" data-testid="watch-cost">
            {intl.formatMessage(
              { id: limitOk ? 'watches.costWithLimit' : 'watches.cost' },
              {
                cost: props.creditsPerImage,
                limit: credits,
                images: Math.floor(credits / props.creditsPerImage),
              },
            )}
          </p>
        </div>
      )}
      <button type="submit" className="primary" disabled={!ready}>
        {intl.formatMessage({ id: 'watches.add' })}
      </button>
      {error && (
        <p role="alert" className="error" data-testid="watch-error">
          {error}
        </p>
      )}
    </form>
  );
}
