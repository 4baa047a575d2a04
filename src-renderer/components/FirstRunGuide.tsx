import { useState, type ReactNode } from 'react';
import { FlaskConical } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import { PROVIDER_SITE_URL } from '../../src-shared/domain/settings.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { bridge } from '../bridge.ts';

/** What demo mode means for the services it covers: each service is in demo on its own. */
function demoSentence(services: readonly ApiKeyKind[]): MessageId {
  if (services.length > 1) return 'demo.all';
  return services[0] === 'video' ? 'demo.video' : 'demo.images';
}

/** The same in a few words, for a short window, where the picture needs the height. */
function shortSentence(services: readonly ApiKeyKind[]): MessageId {
  if (services.length > 1) return 'demo.short.all';
  return services[0] === 'video' ? 'demo.short.video' : 'demo.short.images';
}

/** Shown while any service is in demo mode: which, what it means, and how to use the service. */
export function FirstRunGuide(props: {
  services: readonly ApiKeyKind[];
  onOpenSettings: () => void;
}) {
  const intl = useIntl();
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
        <span className="demo-long">
          {intl.formatMessage({ id: demoSentence(props.services) })}
        </span>
        <span className="demo-short">
          {intl.formatMessage({ id: shortSentence(props.services) })}
        </span>{' '}
        <button type="button" className="link" onClick={() => setOpen(!open)} aria-expanded={open}>
          {intl.formatMessage({ id: 'demo.howTo' })}
        </button>
      </p>
      {open && (
        <ol className="guide">
          <li>
            {intl.formatMessage({ id: 'demo.step.signIn' })}{' '}
            <button
              type="button"
              className="link"
              onClick={() => void bridge().invoke('shell:openExternal', { url: PROVIDER_SITE_URL })}
            >
              {intl.formatMessage({ id: 'demo.step.openSite' })}
            </button>
          </li>
          <li>
            <FormattedMessage
              id="demo.step.paste"
              values={{
                settings: (words: ReactNode[]) => (
                  <button type="button" className="link" onClick={props.onOpenSettings}>
                    {words}
                  </button>
                ),
              }}
            />
          </li>
          <li>{intl.formatMessage({ id: 'demo.step.keychain' })}</li>
        </ol>
      )}
    </div>
  );
}
