import { useEffect } from 'react';
import { useAppInfo } from './app-info-store.ts';

export function App() {
  const { info, error, load } = useAppInfo();
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="shell">
      <header className="topbar">
        <h1>Clearframe</h1>
        {info && (
          <span className="version" data-testid="app-version">
            v{info.version} · {info.platform}
          </span>
        )}
      </header>
      <main className="content">
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : (
          <section aria-labelledby="welcome-title" className="welcome">
            <h2 id="welcome-title">Clean images and make videos</h2>
            <p>
              Remove watermarks from whole folders of images, and queue AI video generations with
              the cost shown before you pay.
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
