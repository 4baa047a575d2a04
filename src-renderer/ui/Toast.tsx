import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useIntl } from 'react-intl';
import { IconButton } from './IconButton.tsx';

type Tone = 'info' | 'success' | 'error';
type Show = (text: string, tone?: Tone) => void;

/** How long a toast stays unless dismissed sooner: long enough to read two lines. */
const SHOWN_MS = 6000;

const ToastContext = createContext<Show>(() => undefined);

/** Shows a short message in the corner, read out by screen readers; `useToast()` gives `show`. */
export function useToast(): Show {
  return useContext(ToastContext);
}

/**
 * Holds the app's toasts. A toast outlives the screen that showed it (the Settings form is
 * rebuilt after each save). The regions are in the page from the start, so a screen reader
 * already listens when a message arrives: politely for news, at once for an error.
 */
export function Toaster(props: { children: ReactNode }) {
  const intl = useIntl();
  const [toasts, setToasts] = useState<Array<{ id: number; text: string; tone: Tone }>>([]);
  const dismiss = useCallback((id: number) => {
    setToasts((shown) => shown.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback<Show>(
    (text, tone = 'info') => {
      const id = Date.now() + Math.random();
      setToasts((shown) => [...shown, { id, text, tone }]);
      setTimeout(() => dismiss(id), SHOWN_MS);
    },
    [dismiss],
  );
  const region = (errors: boolean) => (
    // Live regions by attribute, not by role: an empty region is no alert or status of its own.
    <div className="toast-region" aria-live={errors ? 'assertive' : 'polite'}>
      {toasts
        .filter((toast) => (toast.tone === 'error') === errors)
        .map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.tone}`}>
            <p>{toast.text}</p>
            <IconButton
              icon={X}
              label={intl.formatMessage({ id: 'toast.dismiss' })}
              onClick={() => dismiss(toast.id)}
            />
          </div>
        ))}
    </div>
  );
  return (
    <ToastContext.Provider value={show}>
      {props.children}
      <div className="toast-viewport">
        {region(true)}
        {region(false)}
      </div>
    </ToastContext.Provider>
  );
}
