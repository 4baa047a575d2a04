import { useEffect, useState, type FormEvent } from 'react';
import type { ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import { KeyRound, Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { bridge } from '../bridge.ts';
import { Button } from '../ui/Button.tsx';

const LABEL: Record<ApiKeyKind, MessageId> = {
  watermark: 'key.name.watermark',
  video: 'key.name.video',
};

/**
 * One key: paste it and main tests it with the service before keeping it in the system
 * keychain. The field is emptied at once and the key is never shown back: only whether one
 * is set, and what the test said.
 */
export function KeyField(props: { kind: ApiKeyKind }) {
  const intl = useIntl();
  const { kind } = props;
  const label = intl.formatMessage({ id: LABEL[kind] });
  const [status, setStatus] = useState<{ set: boolean; source: string | null } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // Each increment reads the status again: when shown, and after a save or a clear.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    void bridge()
      .invoke('keys:status')
      .then((result) => {
        if (live && result.ok)
          setStatus(result.value.keys.find((key) => key.kind === kind) ?? null);
      });
    return () => {
      live = false;
    };
  }, [kind, asked]);
  const refresh = () => setAsked((n) => n + 1);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('key') as HTMLInputElement;
    const value = field.value;
    field.value = '';
    setBusy(true);
    const result = await bridge().invoke('keys:set', { kind, value });
    setBusy(false);
    setMessage(
      result.ok
        ? { ok: result.value.test.ok, text: result.value.test.message }
        : { ok: false, text: result.error.message },
    );
    refresh();
  };
  const clear = async () => {
    const result = await bridge().invoke('keys:clear', { kind });
    setMessage(
      result.ok
        ? { ok: true, text: intl.formatMessage({ id: 'key.removed' }, { kind }) }
        : { ok: false, text: result.error.message },
    );
    refresh();
  };

  return (
    <form
      className="key-form"
      aria-label={intl.formatMessage({ id: 'key.form' }, { name: label })}
      onSubmit={(event) => void submit(event)}
    >
      <label htmlFor={`${kind}-key`}>{label}</label>
      <input id={`${kind}-key`} name="key" type="password" autoComplete="off" required />
      <Button type="submit" variant="primary" icon={KeyRound} disabled={busy}>
        {intl.formatMessage({ id: 'key.save' })}
      </Button>
      {status?.set && status.source === 'keychain' && (
        <Button variant="danger" icon={Trash2} onClick={() => void clear()}>
          {intl.formatMessage({ id: 'key.clear' })}
        </Button>
      )}
      <span className="key-status" data-testid={`${kind}-key-status`}>
        {status === null
          ? ''
          : intl.formatMessage(
              {
                id: !status.set
                  ? 'key.notSet'
                  : status.source === 'environment'
                    ? 'key.setFromEnvironment'
                    : 'key.setInKeychain',
              },
              { kind },
            )}
      </span>
      {message && (
        <p
          role="status"
          className={message.ok ? 'ok' : 'error'}
          data-testid={`${kind}-key-message`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
