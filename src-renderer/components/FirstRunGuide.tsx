import { useState } from 'react';
import { PROVIDER_SITE_URL } from '../../src-shared/domain/settings.ts';
import { bridge } from '../bridge.ts';

/** Shown in demo mode: what the app is doing, and how to switch to the real service. */
export function FirstRunGuide(props: { onOpenSettings: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="demo-banner" role="status" data-testid="demo-banner">
      <p>
        Demo mode: jobs run on the built-in simulator, nothing is sent to the service and nothing is
        charged.{' '}
        <button type="button" className="link" onClick={() => setOpen(!open)} aria-expanded={open}>
          How do I use my own account?
        </button>
      </p>
      {open && (
        <ol className="guide">
          <li>
            Sign in on the provider's site. The watermark API token is made in the account area
            under API tokens; the video API key under API keys (video calls draw on a separate USD
            balance).{' '}
            <button
              type="button"
              className="link"
              onClick={() => void bridge().invoke('shell:openExternal', { url: PROVIDER_SITE_URL })}
            >
              Open the provider's site
            </button>
          </li>
          <li>
            Paste them in{' '}
            <button type="button" className="link" onClick={props.onOpenSettings}>
              Settings
            </button>
            . Each key is tested with the service before it is kept.
          </li>
          <li>
            Keys are kept in the system keychain and never leave this computer except to the service
            they belong to.
          </li>
        </ol>
      )}
    </div>
  );
}
