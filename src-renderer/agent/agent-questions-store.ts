import { create } from 'zustand';
import type { AgentQuestion } from '../../src-shared/ipc/agent.ts';
import { bridge } from '../bridge.ts';

interface AgentQuestionsState {
  /** The agent door's questions waiting for the person, oldest first, as main keeps them. */
  questions: AgentQuestion[];
  /** Why the questions could not be read or an answer could not be given. */
  error?: string | undefined;
  /** The question being answered: its buttons wait for main's word. */
  answering?: string | undefined;
}

export const useAgentQuestions = create<AgentQuestionsState>(() => ({ questions: [] }));

/**
 * Keeps the window's list of agent questions: those already waiting when the window opens
 * (or reloads), then each list main sends when one is asked, answered or taken down.
 */
export function followAgentQuestions(): () => void {
  // A list main sends is newer than the answer to the first ask, whichever arrives first.
  let heard = false;
  const stop = bridge().on('agent:questions', ({ questions }) => {
    heard = true;
    useAgentQuestions.setState({ questions });
  });
  void bridge()
    .invoke('agent:questions')
    .then((result) => {
      if (!result.ok) useAgentQuestions.setState({ error: result.error.message });
      else if (!heard) useAgentQuestions.setState({ questions: result.value.questions });
    });
  return stop;
}

/**
 * Gives the person's answer to main, which tells the waiting agent: `gone` when the question
 * had gone already (the agent stopped waiting, so nothing was sent), `failed` when main could
 * not be told (the error is kept to be shown).
 */
export async function answerAgentQuestion(
  id: string,
  yes: boolean,
): Promise<'taken' | 'gone' | 'failed'> {
  useAgentQuestions.setState({ answering: id, error: undefined });
  const result = await bridge().invoke('agent:answer', { id, yes });
  if (!result.ok) {
    useAgentQuestions.setState({ answering: undefined, error: result.error.message });
    return 'failed';
  }
  useAgentQuestions.setState({ answering: undefined });
  return result.value.taken ? 'taken' : 'gone';
}
