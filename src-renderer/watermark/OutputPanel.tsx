import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useQuota } from '../account/quota-store.ts';
import { bridge } from '../bridge.ts';
import { useSettings } from '../settings/settings-store.ts';
import { Select } from '../ui/Select.tsx';
import { filenameExample, settingChoices } from '../words/settings.ts';

/**
 * Where results go and how they are named, at hand in the workspace. Each change is saved
 * at once through main, which refuses a bad value with the reason shown here.
 */
export function OutputPanel() {
  const intl = useIntl();
  const { settings, errors, save } = useSettings();
  const quota = useQuota((state) => state.quota);
  const refresh = useQuota((state) => state.refresh);
  // A new key or service address changes whose credits these are.
  useEffect(() => {
    void refresh();
  }, [settings, refresh]);
  const watermark = quota?.services.find((service) => service.kind === 'watermark');
  const credits = watermark?.ok
    ? intl.formatMessage(
        { id: watermark.demo ? 'output.demoCreditsLeft' : 'output.creditsLeft' },
        { count: watermark.credits.remaining },
      )
    : null;
  if (!settings) return null;
  const change = (patch: Record<string, unknown>) => void save(patch);
  const error = (name: string) =>
    errors[name] ? (
      <span className="field-error error" role="alert">
        {errors[name]}
      </span>
    ) : null;

  return (
    <details className="output-panel">
      <summary>
        {intl.formatMessage(
          { id: 'output.summary' },
          {
            folder: settings.outputFolder ?? intl.formatMessage({ id: 'output.besideEach' }),
            example: filenameExample(settings.filenameTemplate),
          },
        )}
        {credits && (
          <span className="hint" data-testid="images-credits">
            {' '}
            · {credits}
          </span>
        )}
      </summary>
      <div className="field">
        <label htmlFor="out-folder">{intl.formatMessage({ id: 'output.folder' })}</label>
        <span className="actions">
          <input
            id="out-folder"
            defaultValue={settings.outputFolder ?? ''}
            placeholder={intl.formatMessage({ id: 'output.folderPlaceholder' })}
            onBlur={(event) => change({ outputFolder: event.target.value.trim() || null })}
          />
          <button
            type="button"
            onClick={() =>
              void bridge()
                .invoke('dialog:chooseFolder')
                .then((result) => {
                  if (result.ok && result.value.path) change({ outputFolder: result.value.path });
                })
            }
          >
            {intl.formatMessage({ id: 'output.choose' })}
          </button>
        </span>
        {error('outputFolder')}
      </div>
      <div className="field">
        <label htmlFor="out-template">{intl.formatMessage({ id: 'output.fileName' })}</label>
        <input
          id="out-template"
          defaultValue={settings.filenameTemplate}
          onBlur={(event) => change({ filenameTemplate: event.target.value })}
        />
        {error('filenameTemplate')}
      </div>
      <div className="field">
        <label htmlFor="out-conflict">{intl.formatMessage({ id: 'output.conflict' })}</label>
        <Select
          id="out-conflict"
          options={settingChoices('conflictPolicy', intl)}
          value={settings.conflictPolicy}
          onChange={(event) => change({ conflictPolicy: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="out-layout">{intl.formatMessage({ id: 'output.layout' })}</label>
        <Select
          id="out-layout"
          options={settingChoices('folderLayout', intl)}
          value={settings.folderLayout}
          onChange={(event) => change({ folderLayout: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="out-metadata">{intl.formatMessage({ id: 'output.metadata' })}</label>
        <input
          id="out-metadata"
          type="checkbox"
          checked={settings.metadataPolicy === 'keep'}
          onChange={(event) => change({ metadataPolicy: event.target.checked ? 'keep' : 'strip' })}
        />
      </div>
      <div className="field">
        <label htmlFor="out-format">{intl.formatMessage({ id: 'output.format' })}</label>
        <Select
          id="out-format"
          options={settingChoices('outputFormat', intl)}
          value={settings.outputFormat}
          onChange={(event) => change({ outputFormat: event.target.value })}
        />
      </div>
    </details>
  );
}
