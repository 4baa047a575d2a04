import { startClipRunner } from './clips/clip-runner.ts';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Clapperboard, Images, Settings, Wallet } from 'lucide-react';
import { AccountPanel } from './account/AccountPanel.tsx';
import { AgentQuestionBar } from './agent/AgentQuestionBar.tsx';
import { followAgentQuestions } from './agent/agent-questions-store.ts';
import { followMode, useAppInfo } from './app-info-store.ts';
import { FirstRunGuide } from './components/FirstRunGuide.tsx';
import { NoticeBanner } from './components/NoticeBanner.tsx';
import { followRoundSpending } from './account/quota-store.ts';
import { followJobs, useJobs } from './jobs-store.ts';
import { followNotices, useNotices } from './notices-store.ts';
import { followOpenedFiles } from './opened-files.ts';
import { useScreen, type Screen } from './screen-store.ts';
import { SettingsScreen } from './settings/SettingsScreen.tsx';
import { useSettings } from './settings/settings-store.ts';
import { VideoWorkspace } from './video/VideoWorkspace.tsx';
import { Tabs } from './ui/Tabs.tsx';
import { Toaster } from './ui/Toast.tsx';
import { WatermarkWorkspace } from './watermark/WatermarkWorkspace.tsx';

const SCREENS = [
  { name: 'Images', icon: Images, message: 'app.screen.images' },
  { name: 'Video', icon: Clapperboard, message: 'app.screen.video' },
  { name: 'Account', icon: Wallet, message: 'app.screen.account' },
  { name: 'Settings', icon: Settings, message: 'app.screen.settings' },
] as const satisfies readonly { name: Screen; icon: unknown; message: string }[];

/** The product's name: a name, the same in every language. */
const PRODUCT_NAME = 'Clearframe';

export function App() {
  const intl = useIntl();
  const { info, error, load } = useAppInfo();
  const jobsError = useJobs((state) => state.error);
  const theme = useSettings((state) => state.settings?.theme ?? 'system');
  const loadSettings = useSettings((state) => state.load);
  const loadNotices = useNotices((state) => state.load);
  const screen = useScreen((state) => state.screen);
  const setScreen = useScreen((state) => state.show);
  useEffect(() => {
    void load();
    void loadSettings();
    void loadNotices();
    const stopMode = followMode();
    const stopJobs = followJobs();
    const stopNotices = followNotices();
    const stopSpending = followRoundSpending();
    const stopOpened = followOpenedFiles(() => setScreen('Images'));
    const stopAgent = followAgentQuestions();
    const stopClips = startClipRunner();
    return () => {
      stopClips();
      stopAgent();
      stopOpened();
      stopMode();
      stopJobs();
      stopNotices();
      stopSpending();
    };
  }, [load, loadSettings, loadNotices, setScreen]);
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
  }, [theme]);

  return (
    <Toaster>
      <div className="shell">
        <header className="topbar">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true" />
            <h1>{PRODUCT_NAME}</h1>
            {info && (
              <span className="version" data-testid="app-version">
                {intl.formatMessage(
                  { id: 'app.version' },
                  { version: info.version, platform: info.platform },
                )}
              </span>
            )}
          </div>
          <Tabs
            label={intl.formatMessage({ id: 'app.screens' })}
            tabs={SCREENS.map((tab) => ({
              ...tab,
              label: intl.formatMessage({ id: tab.message }),
            }))}
            current={screen}
            onChange={setScreen}
          />
        </header>
        <NoticeBanner />
        <AgentQuestionBar />
        {info && info.demoServices.length > 0 && (
          <FirstRunGuide
            services={info.demoServices}
            onOpenSettings={() => setScreen('Settings')}
          />
        )}
        <main className="content">
          {(error ?? jobsError) && (
            <p role="alert" className="error">
              {error ?? jobsError}
            </p>
          )}
          {screen === 'Images' && info && <WatermarkWorkspace previewBase={info.previewBase} />}
          {screen === 'Video' && info && <VideoWorkspace previewBase={info.previewBase} />}
          {screen === 'Account' && <AccountPanel />}
          {screen === 'Settings' && <SettingsScreen />}
        </main>
      </div>
    </Toaster>
  );
}
