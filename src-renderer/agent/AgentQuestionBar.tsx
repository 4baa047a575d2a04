import { Bot } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { AgentQuestion } from '../../src-shared/ipc/agent.ts';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';
import { PaidQuestion } from '../components/PaidQuestion.tsx';
import { useToast } from '../ui/Toast.tsx';
import { answerAgentQuestion, useAgentQuestions } from './agent-questions-store.ts';

/** How many of the files or folders the agent named are shown; the rest are counted. */
const PLACES_SHOWN = 3;

/** The paid call as a question, its cost in it: what is sent, and at most what it costs. */
function costQuestion(intl: Formatter, question: AgentQuestion): string {
  if (question.tool === 'clean') {
    return intl.formatMessage(
      { id: 'agentAsk.clean' },
      {
        images: question.images ?? question.credits,
        cost: intl.formatMessage({ id: 'format.credits' }, { count: question.credits }),
      },
    );
  }
  return intl.formatMessage(
    { id: 'agentAsk.round' },
    { seconds: question.seconds ?? 0, cost: formatMoney(intl, question.cents) },
  );
}

/** What the call is for beyond its cost: the images' places, or the round's prompt. */
function purpose(intl: Formatter, question: AgentQuestion): string | undefined {
  if (question.prompt)
    return intl.formatMessage({ id: 'agentAsk.prompt' }, { prompt: question.prompt });
  const places = question.places ?? [];
  if (places.length === 0) return undefined;
  const shown = intl.formatList(places.slice(0, PLACES_SHOWN), { type: 'unit' });
  const more = places.length - PLACES_SHOWN;
  return intl.formatMessage(
    { id: 'agentAsk.places' },
    {
      places:
        more > 0
          ? intl.formatMessage({ id: 'agentAsk.morePlaces' }, { places: shown, more })
          : shown,
    },
  );
}

/**
 * The agent door's question in the window (`clearframe mcp`, a paid call past the person's
 * allowance): which agent asks and for what, the cost first, then one yes or no. The oldest
 * waiting question is shown; a question the agent stopped waiting for leaves with main's list.
 */
export function AgentQuestionBar() {
  const intl = useIntl();
  const toast = useToast();
  const { questions, error, answering } = useAgentQuestions();
  const [question] = questions;
  if (!question)
    return error ? (
      <p role="alert" className="error">
        {error}
      </p>
    ) : null;
  const forWhat = purpose(intl, question);
  const answer = async (yes: boolean) => {
    if ((await answerAgentQuestion(question.id, yes)) === 'gone') {
      toast(intl.formatMessage({ id: 'agentAsk.gone' }));
    }
  };
  return (
    <section
      className="notice notice-warning agent-question"
      aria-label={intl.formatMessage({ id: 'agentAsk.label' })}
      data-testid="agent-question"
    >
      <Bot aria-hidden="true" className="agent-question-icon" />
      <div className="agent-question-body">
        <p className="agent-question-who">
          {question.agent
            ? intl.formatMessage({ id: 'agentAsk.who' }, { agent: question.agent })
            : intl.formatMessage({ id: 'agentAsk.whoUnnamed' })}
          {questions.length > 1 && (
            <span className="agent-question-position" data-testid="agent-question-position">
              {intl.formatMessage(
                { id: 'agentAsk.position' },
                { index: 1, count: questions.length },
              )}
            </span>
          )}
        </p>
        {forWhat && <p className="agent-question-for">{forWhat}</p>}
        <PaidQuestion
          label={intl.formatMessage({ id: 'agentAsk.label' })}
          question={costQuestion(intl, question)}
          sending={answering === question.id}
          confirmLabel={intl.formatMessage({ id: 'agentAsk.yes' })}
          backLabel={intl.formatMessage({ id: 'agentAsk.no' })}
          onConfirm={() => void answer(true)}
          onBack={() => void answer(false)}
        />
        <p className="hint">{intl.formatMessage({ id: 'agentAsk.hint' })}</p>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
