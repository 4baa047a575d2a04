import { useEffect, useState } from 'react';
import { followMode, useAppInfo } from './app-info-store.ts';
import { Compare } from './components/Compare.tsx';
import { DropZone } from './components/DropZone.tsx';
import { JobList } from './components/JobList.tsx';
import { KeyForm } from './components/KeyForm.tsx';
import { followJobs, useJobs } from './jobs-store.ts';

export function App() {
  const { info, error, load } = useAppInfo();
  const jobsError = useJobs((state) => state.error);
  const jobs = useJobs((state) => state.jobs);
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    void load();
    const stopMode = followMode();
    const stopJobs = followJobs();
    return () => {
      stopMode();
      stopJobs();
    };
  }, [load]);
  const job = selected ? jobs[selected] : undefined;

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
      {info?.demoMode && (
        <p className="demo-banner" role="status" data-testid="demo-banner">
          Demo mode: jobs run on the built-in simulator, nothing is sent to the service and nothing
          is charged. Add your API token below to use the real service.
        </p>
      )}
      <main className="content">
        {(error ?? jobsError) && (
          <p role="alert" className="error">
            {error ?? jobsError}
          </p>
        )}
        <DropZone />
        <JobList selected={selected} onSelect={setSelected} />
        {job && info && <Compare job={job} previewBase={info.previewBase} />}
        <KeyForm />
      </main>
    </div>
  );
}
