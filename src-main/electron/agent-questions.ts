import type { AgentQuestion } from '../../src-shared/ipc/agent.ts';

interface Waiting {
  question: AgentQuestion;
  answer(yes: boolean): void;
}

/**
 * The agent door's questions waiting for the person (see src-main/core/app/ask-door.ts),
 * oldest first. The window is told the whole list each time it changes; a question the
 * agent stopped waiting for leaves it, so a late yes pays nothing.
 */
export class AgentQuestions {
  private readonly waiting = new Map<string, Waiting>();
  private readonly show: (questions: AgentQuestion[]) => void;

  /** `show` tells the window the questions now waiting (an empty list takes the last down). */
  constructor(show: (questions: AgentQuestion[]) => void) {
    this.show = show;
  }

  /** Resolves with the person's answer; false when the agent stops waiting first. */
  ask(question: AgentQuestion, gone: AbortSignal): Promise<boolean> {
    if (gone.aborted || this.waiting.has(question.id)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const settle = (yes: boolean) => {
        if (!this.waiting.delete(question.id)) return;
        gone.removeEventListener('abort', onGone);
        this.changed();
        resolve(yes);
      };
      const onGone = () => settle(false);
      gone.addEventListener('abort', onGone);
      this.waiting.set(question.id, { question, answer: settle });
      this.changed();
    });
  }

  /** The person's answer from the window; false when the question had gone already. */
  answer(id: string, yes: boolean): boolean {
    const waiting = this.waiting.get(id);
    if (!waiting) return false;
    waiting.answer(yes);
    return true;
  }

  /** What the window shows, for a window that opens (or reloads) while questions wait. */
  list(): AgentQuestion[] {
    return [...this.waiting.values()].map((waiting) => waiting.question);
  }

  private changed(): void {
    this.show(this.list());
  }
}
