import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { WatermarkJobView } from '../../src-shared/ipc/contract.ts';
import { formatCredits } from '../../src-shared/i18n/formats.ts';
import { PaidQuestion } from '../components/PaidQuestion.tsx';
import { useJobs } from '../jobs-store.ts';
import { Button } from '../ui/Button.tsx';
import { sendQuestionId } from './doubt-words.ts';
import { useWorkspace } from './workspace-store.ts';

/**
 * The choices for a result in doubt (see job-doubt.ts): keep it as it is (free), send it to
 * the service (paid: its cost is shown and asked once), or mark the watermark by hand (the
 * image is staged again, "clean again" ticked, in the mask editor).
 */
export function DoubtActions(props: { job: WatermarkJobView }) {
  const intl = useIntl();
  const decide = useJobs((state) => state.decide);
  const markByHand = useWorkspace((state) => state.markByHand);
  const [asking, setAsking] = useState(false);
  const { job } = props;
  const cost = formatCredits(intl, 1);
  if (asking) {
    return (
      <PaidQuestion
        label={intl.formatMessage({ id: 'retry.confirmLabel' }, { name: job.name })}
        question={intl.formatMessage({ id: sendQuestionId(job) }, { cost })}
        onConfirm={() => {
          setAsking(false);
          void decide([job.id], 'send');
        }}
        onBack={() => setAsking(false)}
      />
    );
  }
  return (
    <>
      <Button
        aria-label={intl.formatMessage({ id: 'jobs.doubt.keepOne' }, { name: job.name })}
        onClick={() => void decide([job.id], 'keep')}
      >
        {intl.formatMessage({ id: 'jobs.doubt.keep' })}
      </Button>
      <Button
        title={intl.formatMessage({ id: 'jobs.doubt.sendWhat' }, { name: job.name })}
        onClick={() => setAsking(true)}
      >
        {intl.formatMessage({ id: 'jobs.doubt.send' }, { cost })}
      </Button>
      <Button
        aria-label={intl.formatMessage({ id: 'jobs.doubt.byHandOne' }, { name: job.name })}
        onClick={() => void markByHand(job.inputPath)}
      >
        {intl.formatMessage({ id: 'jobs.doubt.byHand' })}
      </Button>
    </>
  );
}
