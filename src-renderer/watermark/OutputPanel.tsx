import { useEffect } from 'react';
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
  const { settings, errors, save } = useSettings();
  const quota = useQuota((state) => state.quota);
  const refresh = useQuota((state) => state.refresh);
  // A new key or service address changes whose credits these are.
  useEffect(() => {
    void refresh();
  }, [settings, refresh]);
  const watermark = quota?.services.find((service) => service.kind === 'watermark');
  const credits = watermark?.ok ? `${watermark.credits.remaining} credits left` : null;
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
        Output: {settings.outputFolder ?? 'a “clearframe” folder beside each image'} · names like{' '}
        {filenameExample(settings.filenameTemplate)}
        {credits && (
          <span className="hint" data-testid="images-credits">
            {' '}
            · {credits}
          </span>
        )}
      </summary>
      <div className="field">
        <label htmlFor="out-folder">Folder</label>
        <span className="actions">
          <input
            id="out-folder"
            defaultValue={settings.outputFolder ?? ''}
            placeholder="Beside each image"
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
            Choose…
          </button>
        </span>
        {error('outputFolder')}
      </div>
      <div className="field">
        <label htmlFor="out-template">File name</label>
        <input
          id="out-template"
          defaultValue={settings.filenameTemplate}
          onBlur={(event) => change({ filenameTemplate: event.target.value })}
        />
        {error('filenameTemplate')}
      </div>
      <div className="field">
        <label htmlFor="out-conflict">When the name is taken</label>
        <Select
          id="out-conflict"
          options={settingChoices('conflictPolicy')}
          value={settings.conflictPolicy}
          onChange={(event) => change({ conflictPolicy: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="out-layout">Subfolders of a dropped folder</label>
        <Select
          id="out-layout"
          options={settingChoices('folderLayout')}
          value={settings.folderLayout}
          onChange={(event) => change({ folderLayout: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="out-metadata">Keep metadata (EXIF, colour profile)</label>
        <input
          id="out-metadata"
          type="checkbox"
          checked={settings.metadataPolicy === 'keep'}
          onChange={(event) => change({ metadataPolicy: event.target.checked ? 'keep' : 'strip' })}
        />
      </div>
      <div className="field">
        <label htmlFor="out-format">Format</label>
        <Select
          id="out-format"
          options={settingChoices('outputFormat')}
          value={settings.outputFormat}
          onChange={(event) => change({ outputFormat: event.target.value })}
        />
      </div>
    </details>
  );
}
