import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ClipboardCopy, FolderOpen, FolderSearch, RefreshCw, RotateCcw, Save } from 'lucide-react';
import { PROVIDER_BASE_URL, type Settings } from '../../src-shared/domain/settings.ts';
import { bridge } from '../bridge.ts';
import { Button } from '../ui/Button.tsx';
import { Field, type ControlProps } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import { useToast } from '../ui/Toast.tsx';
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
    budgetCapPeriod: settings.budgetCapPeriod,
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
    budgetCapPeriod: draft['budgetCapPeriod'],
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
  const { errors, save } = useSettings();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.settings));
  const [report, setReport] = useState<string | null>(null);

  const set = (name: string, value: string | boolean) => setDraft({ ...draft, [name]: value });
  const field = (
    name: string,
    label: string,
    input: (control: ControlProps) => ReactNode,
    inline = false,
  ) => (
    <Field id={`setting-${name}`} label={label} error={errors[name]} inline={inline}>
      {input}
    </Field>
  );
  const text = (name: string, label: string) =>
    field(name, label, (control) => (
      <input
        {...control}
        value={String(draft[name] ?? '')}
        onChange={(event) => set(name, event.target.value)}
      />
    ));
  const choice = (name: WordedSetting, label: string) =>
    field(name, label, (control) => (
      <Select
        {...control}
        options={settingChoices(name)}
        value={String(draft[name])}
        onChange={(event) => set(name, event.target.value)}
      />
    ));
  const toggle = (name: string, label: string) =>
    field(
      name,
      label,
      (control) => (
        <input
          {...control}
          type="checkbox"
          checked={draft[name] === true}
          onChange={(event) => set(name, event.target.checked)}
        />
      ),
      true,
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The form is rebuilt from what was stored, so the confirmation outlives it as a toast.
    if (await save(patchOf(draft))) toast('Saved.', 'success');
  };
  const chooseFolder = async () => {
    const result = await bridge().invoke('dialog:chooseFolder');
    if (result.ok && result.value.path) set('outputFolder', result.value.path);
  };
  const copyDiagnostics = async () => {
    const result = await bridge().invoke('diagnostics:report');
    if (!result.ok) return toast(result.error.message, 'error');
    setReport(result.value.text);
    await navigator.clipboard?.writeText(result.value.text).catch(() => undefined);
    toast('Diagnostics copied. They hold no keys.', 'success');
  };
  const checkUpdates = async () => {
    const result = await bridge().invoke('updates:check');
    toast(result.ok ? result.value.message : result.error.message, result.ok ? 'info' : 'error');
  };

  return (
    <section aria-labelledby="settings-title" className="settings">
      <h2 id="settings-title">Settings</h2>
      <section className="settings-section" aria-labelledby="settings-keys">
        <h3 id="settings-keys">API keys</h3>
        <p className="hint">
          Keys are kept in the system keychain and only ever sent to the service they belong to.
        </p>
        <KeyField kind="watermark" />
        <KeyField kind="video" />
      </section>

      <form onSubmit={(event) => void submit(event)} aria-label="Settings">
        <section className="settings-section" aria-labelledby="settings-service">
          <h3 id="settings-service">Service</h3>
          {toggle('demoMode', 'Demo mode (use the built-in simulator while no key is set)')}
          {text('watermarkBaseUrl', 'Watermark service address')}
          {text('videoBaseUrl', 'Video service address')}
          <div className="actions">
            <Button
              variant="ghost"
              icon={RotateCcw}
              onClick={() =>
                setDraft({
                  ...draft,
                  watermarkBaseUrl: PROVIDER_BASE_URL,
                  videoBaseUrl: PROVIDER_BASE_URL,
                })
              }
            >
              Reset addresses to the provider's
            </Button>
          </div>
          <div className="field-row">
            {choice('pricingTier', 'Pricing tier')}
            {text('budgetCapUsd', 'Video budget cap in USD (empty: no cap)')}
          </div>
          {choice('budgetCapPeriod', 'The cap counts')}
          <div className="field-row">
            {text('concurrency.watermark', 'Images at once')}
            {text('concurrency.video', 'Video rounds at once')}
          </div>
        </section>

        <section className="settings-section" aria-labelledby="settings-output">
          <h3 id="settings-output">Output</h3>
          <div className="field-with-action">
            {text('outputFolder', 'Output folder (empty: a "clearframe" folder beside each image)')}
            <Button icon={FolderSearch} onClick={() => void chooseFolder()}>
              Choose folder…
            </Button>
          </div>
          {text('filenameTemplate', 'File name')}
          <p className="hint" data-testid="filename-example">
            IMG_0412.jpg becomes {filenameExample(String(draft['filenameTemplate']))}. In braces:
            name, ext, date and n stand for the image&apos;s name, its extension, the day and its
            place in the batch.
          </p>
          <div className="field-row">
            {choice('conflictPolicy', 'When the name is taken')}
            {choice('metadataPolicy', 'Metadata (EXIF, colour profile)')}
            {choice('outputFormat', 'Format of results')}
          </div>
          {choice('folderLayout', 'Subfolders of a dropped folder, in the output folder')}
        </section>

        <section className="settings-section" aria-labelledby="settings-app">
          <h3 id="settings-app">App</h3>
          {choice('theme', 'Theme')}
          {toggle('checkForUpdates', 'Check for updates')}
        </section>
        <div className="actions settings-save">
          <Button type="submit" variant="primary" icon={Save}>
            Save settings
          </Button>
          {Object.keys(errors).length > 0 && (
            <span className="error" data-testid="settings-refused">
              Nothing was saved: fix the fields marked above.
            </span>
          )}
        </div>
      </form>

      <section className="settings-section" aria-labelledby="settings-diagnostics">
        <h3 id="settings-diagnostics">Diagnostics</h3>
        <div className="actions">
          <Button icon={FolderOpen} onClick={() => void bridge().invoke('shell:openLogsFolder')}>
            Open logs folder
          </Button>
          <Button icon={ClipboardCopy} onClick={() => void copyDiagnostics()}>
            Copy diagnostics
          </Button>
          <Button icon={RefreshCw} onClick={() => void checkUpdates()}>
            Check for updates
          </Button>
        </div>
        {report && (
          <textarea readOnly aria-label="Diagnostics" value={report} rows={8} className="report" />
        )}
      </section>
    </section>
  );
}
