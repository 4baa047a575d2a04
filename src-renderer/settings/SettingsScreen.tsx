import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ClipboardCopy, FolderOpen, FolderSearch, RefreshCw, RotateCcw, Save } from 'lucide-react';
import { PROVIDER_BASE_URL, type Settings } from '../../src-shared/domain/settings.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { bridge } from '../bridge.ts';
import { Button } from '../ui/Button.tsx';
import { Field, type ControlProps } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import { useToast } from '../ui/Toast.tsx';
import {
  EXAMPLE_PHOTO,
  filenameExample,
  settingChoices,
  type WordedSetting,
} from '../words/settings.ts';
import { KeyField } from './KeyField.tsx';
import { LanguageField } from './LanguageField.tsx';
import { ThemeField } from './ThemeField.tsx';
import { useSettings } from './settings-store.ts';

/** What a file name template may hold in braces: typed as they are, in every language. */
const TEMPLATE_FIELDS = { name: 'name', ext: 'ext', date: 'date', n: 'n' };

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
    'agentAllowance.creditsPerDay': String(settings.agentAllowance.creditsPerDay),
    'agentAllowance.usdPerDay': String(settings.agentAllowance.usdPerDay),
    outputFolder: settings.outputFolder ?? '',
    filenameTemplate: settings.filenameTemplate,
    conflictPolicy: settings.conflictPolicy,
    folderLayout: settings.folderLayout,
    metadataPolicy: settings.metadataPolicy,
    outputFormat: settings.outputFormat,
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
    agentAllowance: {
      creditsPerDay: numberOrText(draft['agentAllowance.creditsPerDay'] ?? ''),
      usdPerDay: numberOrText(draft['agentAllowance.usdPerDay'] ?? ''),
    },
    outputFolder: draft['outputFolder'] === '' ? null : draft['outputFolder'],
    filenameTemplate: draft['filenameTemplate'],
    conflictPolicy: draft['conflictPolicy'],
    folderLayout: draft['folderLayout'],
    metadataPolicy: draft['metadataPolicy'],
    outputFormat: draft['outputFormat'],
    checkForUpdates: draft['checkForUpdates'],
  };
}

export function SettingsScreen() {
  const { settings, load } = useSettings();
  useEffect(() => {
    void load();
  }, [load]);
  // A new form for each saved state, so what is shown starts from what is stored. The
  // language and the theme are saved on their own as soon as they are picked, so the form
  // keeps what is being typed.
  if (!settings) return null;
  const formKey = JSON.stringify({ ...settings, language: null, theme: null });
  return <SettingsForm key={formKey} settings={settings} />;
}

function SettingsForm(props: { settings: Settings }) {
  const intl = useIntl();
  const say = (id: MessageId) => intl.formatMessage({ id });
  const { errors, save } = useSettings();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.settings));
  const [report, setReport] = useState<string | null>(null);

  const set = (name: string, value: string | boolean) => setDraft({ ...draft, [name]: value });
  const field = (
    name: string,
    label: MessageId,
    input: (control: ControlProps) => ReactNode,
    inline = false,
  ) => (
    <Field id={`setting-${name}`} label={say(label)} error={errors[name]} inline={inline}>
      {input}
    </Field>
  );
  const text = (name: string, label: MessageId) =>
    field(name, label, (control) => (
      <input
        {...control}
        value={String(draft[name] ?? '')}
        onChange={(event) => set(name, event.target.value)}
      />
    ));
  const choice = (name: WordedSetting, label: MessageId) =>
    field(name, label, (control) => (
      <Select
        {...control}
        options={settingChoices(name, intl)}
        value={String(draft[name])}
        onChange={(event) => set(name, event.target.value)}
      />
    ));
  const toggle = (name: string, label: MessageId) =>
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
    if (await save(patchOf(draft))) toast(say('settings.saved'), 'success');
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
    toast(say('settings.diagnosticsCopied'), 'success');
  };
  const checkUpdates = async () => {
    const result = await bridge().invoke('updates:check');
    toast(result.ok ? result.value.message : result.error.message, result.ok ? 'info' : 'error');
  };

  return (
    <section aria-labelledby="settings-title" className="settings">
      <h2 id="settings-title">
        <FormattedMessage id="settings.title" />
      </h2>
      <section className="settings-section" aria-labelledby="settings-keys">
        <h3 id="settings-keys">
          <FormattedMessage id="settings.keys" />
        </h3>
        <p className="hint">
          <FormattedMessage id="settings.keysHint" />
        </p>
        <KeyField kind="watermark" />
        <KeyField kind="video" />
      </section>

      <form onSubmit={(event) => void submit(event)} aria-label={say('settings.title')}>
        <section className="settings-section" aria-labelledby="settings-service">
          <h3 id="settings-service">
            <FormattedMessage id="settings.service" />
          </h3>
          {toggle('demoMode', 'settings.demoMode')}
          {text('watermarkBaseUrl', 'settings.watermarkBaseUrl')}
          {text('videoBaseUrl', 'settings.videoBaseUrl')}
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
              <FormattedMessage id="settings.resetAddresses" />
            </Button>
          </div>
          <div className="field-row">
            {choice('pricingTier', 'settings.pricingTier')}
            {text('budgetCapUsd', 'settings.budgetCapUsd')}
          </div>
          {choice('budgetCapPeriod', 'settings.budgetCapPeriod')}
          <div className="field-row">
            {text('agentAllowance.creditsPerDay', 'settings.agentAllowance.credits')}
            {text('agentAllowance.usdPerDay', 'settings.agentAllowance.usd')}
          </div>
          <p className="hint">
            <FormattedMessage id="settings.agentAllowance.hint" />
          </p>
          <div className="field-row">
            {text('concurrency.watermark', 'settings.concurrency.watermark')}
            {text('concurrency.video', 'settings.concurrency.video')}
          </div>
        </section>

        <section className="settings-section" aria-labelledby="settings-output">
          <h3 id="settings-output">
            <FormattedMessage id="settings.output" />
          </h3>
          <div className="field-with-action">
            {text('outputFolder', 'settings.outputFolder')}
            <Button icon={FolderSearch} onClick={() => void chooseFolder()}>
              <FormattedMessage id="settings.chooseFolder" />
            </Button>
          </div>
          {text('filenameTemplate', 'settings.filenameTemplate')}
          <p className="hint" data-testid="filename-example">
            <FormattedMessage
              id="settings.filenameExample"
              values={{
                photo: EXAMPLE_PHOTO,
                example: filenameExample(String(draft['filenameTemplate'])),
                ...TEMPLATE_FIELDS,
              }}
            />
          </p>
          <div className="field-row">
            {choice('conflictPolicy', 'settings.conflictPolicy')}
            {choice('metadataPolicy', 'settings.metadataPolicy')}
            {choice('outputFormat', 'settings.outputFormat')}
          </div>
          {choice('folderLayout', 'settings.folderLayout')}
        </section>

        <section className="settings-section" aria-labelledby="settings-app">
          <h3 id="settings-app">
            <FormattedMessage id="settings.app" />
          </h3>
          <ThemeField />
          <LanguageField />
          {toggle('checkForUpdates', 'settings.checkForUpdates')}
        </section>
        <div className="actions settings-save">
          <Button type="submit" variant="primary" icon={Save}>
            <FormattedMessage id="settings.save" />
          </Button>
          {Object.keys(errors).length > 0 && (
            <span className="error" data-testid="settings-refused">
              <FormattedMessage id="settings.refused" />
            </span>
          )}
        </div>
      </form>

      <section className="settings-section" aria-labelledby="settings-diagnostics">
        <h3 id="settings-diagnostics">
          <FormattedMessage id="settings.diagnostics" />
        </h3>
        <div className="actions">
          <Button icon={FolderOpen} onClick={() => void bridge().invoke('shell:openLogsFolder')}>
            <FormattedMessage id="settings.openLogs" />
          </Button>
          <Button icon={ClipboardCopy} onClick={() => void copyDiagnostics()}>
            <FormattedMessage id="settings.copyDiagnostics" />
          </Button>
          <Button icon={RefreshCw} onClick={() => void checkUpdates()}>
            <FormattedMessage id="settings.checkNow" />
          </Button>
        </div>
        {report && (
          <textarea
            readOnly
            aria-label={say('settings.diagnostics')}
            value={report}
            rows={8}
            className="report"
          />
        )}
      </section>
    </section>
  );
}
