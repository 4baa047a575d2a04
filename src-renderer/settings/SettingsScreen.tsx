import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { PROVIDER_BASE_URL, type Settings } from '../../src-shared/domain/settings.ts';
import { bridge } from '../bridge.ts';
import { filenameExample, settingChoices, type WordedSetting } from '../words/settings.ts';
import { KeyField } from './KeyField.tsx';
import { useSettings } from './settings-store.ts';

/** The form keeps text as typed; main decides what is valid and says so per field. */
type Draft = Record<string, string | boolean>;

function draftOf(settings: Settings): Draft {
  return {
    watermarkBaseUrl: settings.watermarkBaseUrl,
    videoBaseUrl: settings.videoBaseUrl,
    demoMode: settings.demoMode,
    pricingTier: settings.pricingTier,
    'concurrency.watermark': String(settings.concurrency.watermark),
    'concurrency.video': String(settings.concurrency.video),
    budgetCapUsd: settings.budgetCapUsd === null ? '' : String(settings.budgetCapUsd),
    outputFolder: settings.outputFolder ?? '',
    filenameTemplate: settings.filenameTemplate,
    conflictPolicy: settings.conflictPolicy,
    folderLayout: settings.folderLayout,
    metadataPolicy: settings.metadataPolicy,
    outputFormat: settings.outputFormat,
    theme: settings.theme,
    checkForUpdates: settings.checkForUpdates,
  };
}

/** Numbers are sent as numbers when they read as one, and as typed otherwise, for main to refuse. */
function numberOrText(value: string | boolean): unknown {
  const text = String(value).trim();
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

function patchOf(draft: Draft): Record<string, unknown> {
  return {
    watermarkBaseUrl: draft['watermarkBaseUrl'],
    videoBaseUrl: draft['videoBaseUrl'],
    demoMode: draft['demoMode'],
    pricingTier: draft['pricingTier'],
    concurrency: {
      watermark: numberOrText(draft['concurrency.watermark'] ?? ''),
      video: numberOrText(draft['concurrency.video'] ?? ''),
    },
    budgetCapUsd: draft['budgetCapUsd'] === '' ? null : numberOrText(draft['budgetCapUsd'] ?? ''),
    outputFolder: draft['outputFolder'] === '' ? null : draft['outputFolder'],
    filenameTemplate: draft['filenameTemplate'],
    conflictPolicy: draft['conflictPolicy'],
    folderLayout: draft['folderLayout'],
    metadataPolicy: draft['metadataPolicy'],
    outputFormat: draft['outputFormat'],
    theme: draft['theme'],
    checkForUpdates: draft['checkForUpdates'],
  };
}

export function SettingsScreen() {
  const { settings, load } = useSettings();
  useEffect(() => {
    void load();
  }, [load]);
  // A new form for each saved state, so what is shown starts from what is stored.
  return settings ? <SettingsForm key={JSON.stringify(settings)} settings={settings} /> : null;
}

function SettingsForm(props: { settings: Settings }) {
  const { errors, saved, save } = useSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.settings));
  const [note, setNote] = useState<string | null>(null);
  const [report, setReport] = useState<string | null>(null);

  const set = (name: string, value: string | boolean) => setDraft({ ...draft, [name]: value });
  const field = (name: string, label: string, input: ReactNode) => (
    <div className="field">
      <label htmlFor={`setting-${name}`}>{label}</label>
      {input}
      {errors[name] && (
        <span className="field-error error" id={`setting-${name}-error`} role="alert">
          {errors[name]}
        </span>
      )}
    </div>
  );
  const text = (name: string, label: string) =>
    field(
      name,
      label,
      <input
        id={`setting-${name}`}
        value={String(draft[name] ?? '')}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `setting-${name}-error` : undefined}
        onChange={(event) => set(name, event.target.value)}
      />,
    );
  const choice = (name: WordedSetting, label: string) =>
    field(
      name,
      label,
      <select
        id={`setting-${name}`}
        value={String(draft[name])}
        onChange={(event) => set(name, event.target.value)}
      >
        {settingChoices(name).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>,
    );
  const toggle = (name: string, label: string) =>
    field(
      name,
      label,
      <input
        id={`setting-${name}`}
        type="checkbox"
        checked={draft[name] === true}
        onChange={(event) => set(name, event.target.checked)}
      />,
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(patchOf(draft));
  };
  const chooseFolder = async () => {
    const result = await bridge().invoke('dialog:chooseFolder');
    if (result.ok && result.value.path) set('outputFolder', result.value.path);
  };
  const copyDiagnostics = async () => {
    const result = await bridge().invoke('diagnostics:report');
    if (!result.ok) return setNote(result.error.message);
    setReport(result.value.text);
    await navigator.clipboard?.writeText(result.value.text).catch(() => undefined);
    setNote('Diagnostics copied. They hold no keys.');
  };
  const checkUpdates = async () => {
    const result = await bridge().invoke('updates:check');
    setNote(result.ok ? result.value.message : result.error.message);
  };

  return (
    <section aria-labelledby="settings-title" className="settings">
      <h2 id="settings-title">Settings</h2>
      <h3>API keys</h3>
      <p className="hint">
        Keys are kept in the system keychain and only ever sent to the service they belong to.
      </p>
      <KeyField kind="watermark" />
      <KeyField kind="video" />

      <form onSubmit={(event) => void submit(event)} aria-label="Settings">
        <h3>Service</h3>
        {toggle('demoMode', 'Demo mode (use the built-in simulator while no key is set)')}
        {text('watermarkBaseUrl', 'Watermark service address')}
        {text('videoBaseUrl', 'Video service address')}
        <button
          type="button"
          onClick={() =>
            setDraft({
              ...draft,
              watermarkBaseUrl: PROVIDER_BASE_URL,
              videoBaseUrl: PROVIDER_BASE_URL,
            })
          }
        >
          Reset addresses to the provider's
        </button>
        {choice('pricingTier', 'Pricing tier')}
        {text('concurrency.watermark', 'Images at once')}
        {text('concurrency.video', 'Video rounds at once')}
        {text('budgetCapUsd', 'Video budget cap in USD (empty: no cap)')}

        <h3>Output</h3>
        {text('outputFolder', 'Output folder (empty: a "clearframe" folder beside each image)')}
        <button type="button" onClick={() => void chooseFolder()}>
          Choose folder…
        </button>
        {text('filenameTemplate', 'File name')}
        <p className="hint" data-testid="filename-example">
          IMG_0412.jpg becomes {filenameExample(String(draft['filenameTemplate']))}. In braces:
          name, ext, date and n stand for the image&apos;s name, its extension, the day and its
          place in the batch.
        </p>
        {choice('conflictPolicy', 'When the name is taken')}
        {choice('folderLayout', 'Subfolders of a dropped folder, in the output folder')}
        {choice('metadataPolicy', 'Metadata (EXIF, colour profile)')}
        {choice('outputFormat', 'Format of results')}

        <h3>App</h3>
        {choice('theme', 'Theme')}
        {toggle('checkForUpdates', 'Check for updates')}
        <div className="actions">
          <button type="submit">Save settings</button>
          {saved && Object.keys(errors).length === 0 && <span className="ok">Saved.</span>}
          {Object.keys(errors).length > 0 && (
            <span className="error" data-testid="settings-refused">
              Nothing was saved: fix the fields marked above.
            </span>
          )}
        </div>
      </form>

      <h3>Diagnostics</h3>
      <div className="actions">
        <button type="button" onClick={() => void bridge().invoke('shell:openLogsFolder')}>
          Open logs folder
        </button>
        <button type="button" onClick={() => void copyDiagnostics()}>
          Copy diagnostics
        </button>
        <button type="button" onClick={() => void checkUpdates()}>
          Check for updates
        </button>
      </div>
      {note && <p role="status">{note}</p>}
      {report && (
        <textarea readOnly aria-label="Diagnostics" value={report} rows={8} className="report" />
      )}
    </section>
  );
}
