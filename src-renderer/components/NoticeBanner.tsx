import { X } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useNotices } from '../notices-store.ts';
import { IconButton } from '../ui/IconButton.tsx';

/**
 * What went wrong around the app at start-up and how it carried on (a damaged database set
 * aside, no keychain, a read-only data folder…), each with what to do. Kept until dismissed.
 */
export function NoticeBanner() {
  const intl = useIntl();
  const { notices, dismiss } = useNotices();
  if (notices.length === 0) return null;
  return (
    <ul className="notices" data-testid="app-notices">
      {notices.map((notice, index) => (
        <li
          key={`${index}-${notice.message}`}
          className={`notice notice-${notice.level}`}
          role={notice.level === 'info' ? 'status' : 'alert'}
        >
          <p>
            {notice.unreadable
              ? intl.formatMessage({ id: 'notices.unreadable' }, { why: notice.message })
              : notice.message}
          </p>
          <IconButton
            icon={X}
            label={intl.formatMessage({ id: 'notices.dismiss' })}
            onClick={() => dismiss(index)}
          />
        </li>
      ))}
    </ul>
  );
}
