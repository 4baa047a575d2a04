import { useState } from 'react';
import { FlaskConical } from 'lucide-react';
import type { ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import { PROVIDER_SITE_URL } from '../../src-shared/domain/settings.ts';
import { bridge } from '../bridge.ts';

/** What demo mode means for the services it covers: each service is in demo on its own. */
function demoSentence(services: readonly ApiKeyKind[]): string {
  if (services.length > 1) {
    return "Demo mode: jobs run on the built-in simulator, and its results are a rough stand-in for the service's own. Nothing is sent to the service and nothing is charged.";
  }
  return services[0] === 'video'
    ? 'Demo mode for video: rounds run on the built-in simulator, whose clips are canned stand-ins, not what the service would make. Nothing is sent to the video service and nothing is charged. Images go to the service.'
    : "Demo mode for images: the built-in simulator cleans them, and its results are a rough stand-in for the service's own. Nothing is sent to the watermark service and nothing is charged. Video rounds go to the service.";
}

/** Shown while any service is in demo mode: which, what it means, and how to use the service. */
export function FirstRunGuide(props: {
  services: readonly ApiKeyKind[];
  onOpenSettings: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div
      className="demo-banner"
      role="status"
      data-testid="demo-banner"
      data-services={props.services.join(' ')}
    >
      <FlaskConical aria-hidden="true" className="demo-banner-icon" size={18} />
      <p>
        {demoSentence(props.services)}{' '}
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
