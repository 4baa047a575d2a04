import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ProfileSummary } from '../../src-shared/domain/profile.ts';
import { bridge } from '../bridge.ts';
import { useWorkspace } from './workspace-store.ts';

/** The select keys of `profiles.line` (ICU keys have no hyphens). */
const PLACEMENT_KEYS: Record<ProfileSummary['placement'], string> = {
  'top-left': 'topLeft',
  'top-right': 'topRight',
  'bottom-left': 'bottomLeft',
  'bottom-right': 'bottomRight',
  'same-size': 'sameSize',
};

const listProfiles = () => bridge().invoke('profiles:list');

/**
 * Watermark profiles at hand in the workspace: a mark measured by Find the watermark saved
 * under a name, and later used on staged images, which Start then cleans on this computer
 * for free. Export and import go through the system's file dialogs.
 */
export function ProfilePanel() {
  const intl = useIntl();
  const staged = useWorkspace((state) => state.staged);
  const local = useWorkspace((state) => state.local);
  const [profiles, setProfiles] = useState<ProfileSummary[]>([]);
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const [notice, setNotice] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The measurement to save: the one a found group chose "On this computer" with.
  const measured = Object.values(local)[0];

  const show = (result: Awaited<ReturnType<typeof listProfiles>>) => {
    if (!result.ok) return setError(result.error.message);
    setProfiles(result.value.profiles);
    setUnreadable(result.value.unreadable);
  };
  const refresh = async () => show(await listProfiles());
  useEffect(() => {
    void listProfiles().then(show);
  }, []);

  /** Runs one request; its failure's sentence is shown, its success's lines noted. */
  const run = async <T,>(
    ask: () => Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
    lines: (value: T) => string[],
  ) => {
    setError(null);
    setNotice([]);
    const result = await ask();
    if (!result.ok) return setError(result.error.message);
    setNotice(lines(result.value));
    await refresh();
  };

  const use = (name: string) =>
    run(
      () => bridge().invoke('profiles:use', { name, tokens: staged.map((file) => file.token) }),
      (value) => {
        const count = Object.keys(value.local).length;
        useWorkspace.setState({ local: { ...useWorkspace.getState().local, ...value.local } });
        return [
          ...(count > 0 ? [intl.formatMessage({ id: 'profiles.used' }, { count, name })] : []),
          ...value.leftOut.map((skip) =>
            intl.formatMessage(
              { id: 'profiles.leftOut' },
              { name: skip.path.split(/[\\/]/).pop() ?? skip.path, reason: skip.reason },
            ),
          ),
        ];
      },
    );

  return (
    <details className="output-panel profile-panel" data-testid="profiles">
      <summary>
        {intl.formatMessage({ id: 'profiles.summary' }, { count: profiles.length })}
      </summary>
      {measured && (
        <form
          className="field"
          onSubmit={(event) => {
            event.preventDefault();
            const field = event.currentTarget.elements.namedItem(
              'profile-name',
            ) as HTMLInputElement;
            const name = field.value.trim();
            void run(
              () => bridge().invoke('profiles:save', { name, estimateId: measured }),
              () => [intl.formatMessage({ id: 'profiles.saved' }, { name })],
            );
          }}
        >
          <label htmlFor="profile-name">{intl.formatMessage({ id: 'profiles.saveLabel' })}</label>
          <span className="actions">
            <input
              id="profile-name"
              name="profile-name"
              placeholder={intl.formatMessage({ id: 'profiles.namePlaceholder' })}
            />
            <button type="submit">{intl.formatMessage({ id: 'profiles.save' })}</button>
          </span>
        </form>
      )}
      {profiles.length === 0 && (
        <p className="hint">{intl.formatMessage({ id: 'profiles.empty' })}</p>
      )}
      <ul className="profile-list">
        {profiles.map((profile) => (
          <li key={profile.name} data-testid="profile">
            <strong>{profile.name}</strong>{' '}
            <span className="hint">
              {intl.formatMessage(
                { id: 'profiles.line' },
                {
                  size: `${profile.width}×${profile.height}`,
                  count: profile.images,
                  placement: PLACEMENT_KEYS[profile.placement],
                },
              )}
            </span>
            <span className="actions">
              <button
                type="button"
                disabled={staged.length === 0}
                onClick={() => void use(profile.name)}
              >
                {intl.formatMessage({ id: 'profiles.use' })}
              </button>
              <button
                type="button"
                onClick={() =>
                  void run(
                    () => bridge().invoke('profiles:export', { name: profile.name }),
                    (value) =>
                      value.path
                        ? [intl.formatMessage({ id: 'profiles.exported' }, { path: value.path })]
                        : [],
                  )
                }
              >
                {intl.formatMessage({ id: 'profiles.export' })}
              </button>
              <button
                type="button"
                onClick={() =>
                  void run(
                    () => bridge().invoke('profiles:delete', { name: profile.name }),
                    () => [],
                  )
                }
              >
                {intl.formatMessage({ id: 'profiles.delete' })}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          void run(
            () => bridge().invoke('profiles:import'),
            (value) =>
              value.profile
                ? [intl.formatMessage({ id: 'profiles.imported' }, { name: value.profile.name })]
                : [],
          )
        }
      >
        {intl.formatMessage({ id: 'profiles.import' })}
      </button>
      {notice.map((line) => (
        <p key={line} role="status" data-testid="profile-notice">
          {line}
        </p>
      ))}
      {[...(error ? [error] : []), ...unreadable].map((line) => (
        <p key={line} role="alert" className="error" data-testid="profile-error">
          {line}
        </p>
      ))}
    </details>
  );
}
