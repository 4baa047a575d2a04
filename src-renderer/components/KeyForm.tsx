import { useState, type FormEvent } from 'react';
import { bridge } from '../bridge.ts';

/**
 * Paste the watermark API token; main tests it with the service and keeps it in the system
 * keychain. The field is emptied at once: the key never stays in the page.
 */
export function KeyForm() {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('key') as HTMLInputElement;
    const value = field.value;
    field.value = '';
    setBusy(true);
    const result = await bridge().invoke('keys:set', { kind: 'watermark', value });
    setBusy(false);
    setMessage(
      result.ok
        ? { ok: result.value.test.ok, text: result.value.test.message }
        : { ok: false, text: result.error.message },
    );
  };

  return (
    <form className="key-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor="watermark-key">Watermark API token</label>
      <input id="watermark-key" name="key" type="password" autoComplete="off" required />
      <button type="submit" disabled={busy}>
        Save and test
      </button>
      {message && (
        <p role="status" className={message.ok ? 'ok' : 'error'} data-testid="key-message">
          {message.text}
        </p>
      )}
    </form>
  );
}
